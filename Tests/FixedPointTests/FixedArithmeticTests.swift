import Testing
@testable import FixedPoint

@Suite struct FixedArithmeticTests {
    @Test func productRoundsToNearest() {
        #expect((Fixed(3) * Fixed.half).raw == 3 << 15)
        #expect((Fixed(raw: 1) * Fixed.half).raw == 1)  // 0.5 LSB rounds up
        #expect((Fixed(raw: -1) * Fixed.half).raw == 0)  // −0.5 LSB rounds toward +∞
    }

    @Test func quotientRoundsHalfAwayFromZero() {
        #expect((Fixed(1) / Fixed(3)).raw == 21845)
        #expect((Fixed(-1) / Fixed(3)).raw == -21845)
        #expect((Fixed(2) / Fixed(3)).raw == 43691)
    }
}
