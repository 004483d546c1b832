import FixedPoint
import Motion
import Raster

/// The benchmark program for boards (Embedded Swift, static, no libc):
///
///     flipbook-bench [PREFIX]      (only the workloads whose name starts with PREFIX)
///
/// Sets up every workload (anim_eval, spring_eval; memset, fill_full, blend_full, rrect_aa,
/// circle_stroke_aa and group_opacity at 800×480 in XRGB8888 and RGB565), seals the setup heap (an
/// allocation while measuring ends the process with status 70), then prints one table row and one JSON
/// line per measurement, headed by the counter used. Exit status 0, 64 for bad arguments, 65 when setup
/// fails.
@_cdecl("flipbook_main")
public func benchMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>) -> Int32 {
    guard argc <= 2 else {
        report("usage: flipbook-bench [PREFIX]\n")
        return 64
    }
    let clock = BenchClock(argc: argc, argv: argv)
    var harness = BenchHarness(clock: clock, prefix: argc == 2 ? argv[1] : nil)
    do throws(BenchSetupError) {
        let animation: AnimationBench
        do { animation = try AnimationBench() } catch { throw .motion }
        let xrgb = try RasterBench(width: 800, height: 480, layout: .xrgb8888, format: "xrgb8888")
        let rgb565 = try RasterBench(width: 800, height: 480, layout: .rgb565, format: "rgb565")
        sys_sealHeap()
        harness.printHeader()
        animation.run(&harness)
        xrgb.run(&harness)
        rgb565.run(&harness)
    } catch {
        report("flipbook-bench: setup failed\n")
        return 65
    }
    return 0
}
