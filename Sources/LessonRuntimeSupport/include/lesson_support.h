// The runtime support every built program links (lesson_support.c): what a program's `main.swift` calls,
// declared in Swift with `@_silgen_name` (NativeSupport.declarations). The checker compiles this file with
// the toolchain's `clang` at run time; the package compiles it too, so that it is checked at every build.
#ifndef LESSON_SUPPORT_H
#define LESSON_SUPPORT_H

#include <stdint.h>

#define LESSON_SWIFT __attribute__((swiftcall))

LESSON_SWIFT void _lessonStartProgram(void);
LESSON_SWIFT intptr_t _lessonSelectedScenario(void);
LESSON_SWIFT __attribute__((noreturn)) void _lessonUnknownScenario(void);
LESSON_SWIFT __attribute__((noreturn)) void _lessonExit(int32_t status);
LESSON_SWIFT void _lessonSilenceStandardOutput(void);
LESSON_SWIFT void _lessonRestoreStandardOutput(void);
LESSON_SWIFT void _lessonBeginSegment(intptr_t segment);
LESSON_SWIFT void _lessonEndSegment(intptr_t segment);
LESSON_SWIFT intptr_t _lessonBatchSelectedScenario(void);

#endif
