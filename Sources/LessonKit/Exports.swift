// The reading layers (00–04) are the target LessonReading; whoever imports LessonKit sees them too.
@_exported import LessonReading
