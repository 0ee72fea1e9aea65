// The tests of this target are written from the lessons under Lessons/ at each build, by the
// LessonTestCases plugin (Package.swift): a Swift Testing test per scenario, listing and book test,
// declared at its Markdown line. This file gives the target its folder.
