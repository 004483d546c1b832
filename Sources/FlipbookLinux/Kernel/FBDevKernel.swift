/// The fbdev ioctls (`linux/fb.h`), one method per kernel operation, returning 0 or `-errno`.
public protocol FBDevKernel: SystemKernel {
    /// `FBIOGET_VSCREENINFO`.
    func variableScreenInfo(_ fd: Int32, into info: inout FBVariableScreenInfo) -> Int32
    /// `FBIOPUT_VSCREENINFO` with the geometry and format of `info`; `result` gets the driver's answer.
    func setVariableScreenInfo(_ fd: Int32, _ info: FBVariableScreenInfo, result: inout FBVariableScreenInfo) -> Int32
    /// `FBIOGET_FSCREENINFO`.
    func fixedScreenInfo(_ fd: Int32, into info: inout FBFixedScreenInfo) -> Int32
    /// `FBIOPAN_DISPLAY` to the given offsets, in pixels and lines.
    func panDisplay(_ fd: Int32, xOffset: UInt32, yOffset: UInt32) -> Int32
    /// `FBIO_WAITFORVSYNC`, given up after `timeoutMicros` (`-ETIMEDOUT`).
    func waitForVSync(_ fd: Int32, timeoutMicros: Int64) -> Int32
}
