// Motion: the timing core of Flipbook (see docs/motion.md).
//
// Design rules of this module:
// 1. Setup converts and validates (`Double` allowed, typed `MotionError`s naming field and value); a frame
//    only adds, multiplies, shifts and divides integers: `MediaTime` µs, Q16.16 `Fixed`, Q17.15 `Progress`.
// 2. Everything a frame reads was built before it: timing fields, curve tables, spring matrices, keyframes
//    (in a `MotionStore`). Frame entry points are `@inlinable`, `@_noAllocation` and `@_noLocks`.
// 3. Results are pure functions of time: a spring or a timing cursor gives the same bytes whatever frames
//    came before, so playback at any rate and golden frames agree.
// 4. A debug build compiles files one by one, and the allocation checker needs every callee's body in the
//    same compilation: a frame entry point keeps its helpers in its own file.
