import Testing
@testable import FlipbookLinux

@Suite struct DisplayInventoryTests {
    @Test func listsCardsAndFramebuffersWithWhyOneCannotBeUsed() {
        let kernel = Fixtures.virtioCard()
        let fb = Fixtures.vesafb()
        kernel.existingPaths.insert("/dev/fb0")
        kernel.variable = fb.variable
        kernel.fixed = fb.fixed
        kernel.variable.bits_per_pixel = 8
        kernel.fixed.visual = 3
        let entries = DisplayInventory(kernel: kernel).survey()
        #expect(entries.map(\.path) == ["/dev/dri/card0", "/dev/fb0"])
        #expect(entries[0].problem == nil)
        #expect(entries[0].details == [
            "driver virtio_gpu (fake)", "connector Virtual-1: connected, modes 32x24@60 64x48@75*", "formats XR24 RG16",
        ])
        #expect(entries[1].problem == .unsupportedFormat(path: "/dev/fb0",
                                                         format: "8 bpp R16:8 G8:8 B0:8 A24:8, visual 3 (only true colour is drawn)"))
        #expect(kernel.openFDs.isEmpty)
    }

    @Test func aBusyCardSaysSo() {
        let kernel = Fixtures.virtioCard()
        kernel.inject("SET_MASTER", [-16])
        let entries = DisplayInventory(kernel: kernel).survey()
        #expect(entries.first?.problem == .displayBusy(path: "/dev/dri/card0"))
    }
}
