// The EmbedEngines plugin writes this module's one type, `GeneratedEmbeddedContent`: the canonical engines,
// the platforms' adapters and the folder the checker is built from. LessonReading finds it by its name
// (`Embedded`), in every program that links this module: `lesson`, LessonTesting and the tests.
