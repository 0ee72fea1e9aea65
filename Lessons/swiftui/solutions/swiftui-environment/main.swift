// main.swift — ajanda ekraninda iki ortam degisikligi ve bir durum degisikligi
let tree = ViewTree(
    nodes: [
        ViewNode("AgendaScreen", parent: nil, reads: ["showsWeekNumber"]),
        ViewNode("DayHeader", parent: "AgendaScreen", reads: ["locale", "showsWeekNumber"]),
        ViewNode("EventList", parent: "AgendaScreen", reads: ["events"]),
        ViewNode("EventRow", parent: "EventList", reads: ["locale", "colorScheme"]),
    ],
    storage: [
        "showsWeekNumber": .state(owner: "AgendaScreen"),
        "events": .model(object: "AgendaStore"),
        "locale": .environment,
        "colorScheme": .environment,
    ]
)
let language = tree.change("dil-degisti", key: "locale")
let dark = tree.change("karanlik-mod", key: "colorScheme")
let weekNumber = tree.change("hafta-no", key: "showsWeekNumber")
countCauses(language + dark + weekNumber)
