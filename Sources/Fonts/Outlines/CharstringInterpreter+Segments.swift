extension CharstringInterpreter {
    /// The line and curve operators (rlineto … hvcurveto); the operands are the whole stack.
    mutating func drawSegments<Sink: OutlineSink>(
        _ op: Int, _ code: FontTable, _ at: Int, into sink: inout Sink
    ) throws(FontError) {
        guard isDrawing else { throw code.malformed(at - 1, .badCharstring) }
        let n = operandCount
        let s = operand
        var i = 0
        switch op {
        case 5:
            try need(2, code, at)
            while i + 2 <= n {
                try line(s(i), s(i + 1), into: &sink)
                i += 2
            }
        case 6, 7:
            try need(1, code, at)
            var horizontal = op == 6
            while i < n {
                try line(horizontal ? s(i) : 0, horizontal ? 0 : s(i), into: &sink)
                horizontal.toggle()
                i += 1
            }
        case 8, 24, 25:
            try need(op == 8 ? 6 : 8, code, at)
            if op == 25 {
                while n - i > 6 {
                    try line(s(i), s(i + 1), into: &sink)
                    i += 2
                }
            }
            while n - i >= 6, !(op == 24 && n - i < 8) {
                try curve((s(i), s(i + 1), s(i + 2), s(i + 3), s(i + 4), s(i + 5)), into: &sink)
                i += 6
            }
            if op == 24 { try line(s(i), s(i + 1), into: &sink) }
        case 26, 27:
            try need(4, code, at)
            var first: Int32 = 0
            if n % 4 == 1 {
                first = s(0)
                i = 1
            }
            while n - i >= 4 {
                if op == 26 {
                    try curve((first, s(i), s(i + 1), s(i + 2), 0, s(i + 3)), into: &sink)
                } else {
                    try curve((s(i), first, s(i + 1), s(i + 2), s(i + 3), 0), into: &sink)
                }
                first = 0
                i += 4
            }
        case 30, 31:
            try need(4, code, at)
            var horizontal = op == 31
            while n - i >= 4 {
                let last: Int32 = n - i == 5 ? s(i + 4) : 0
                if horizontal {
                    try curve((s(i), 0, s(i + 1), s(i + 2), last, s(i + 3)), into: &sink)
                } else {
                    try curve((0, s(i), s(i + 1), s(i + 2), s(i + 3), last), into: &sink)
                }
                horizontal.toggle()
                i += n - i == 5 ? 5 : 4
            }
        default:
            throw code.malformed(at - 1, .unknownOperator)
        }
    }

    /// The flex operators (escaped 34…37), drawn as their two curves; every other escaped operator is refused.
    mutating func flex<Sink: OutlineSink>(
        _ op: Int, _ code: FontTable, _ at: Int, into sink: inout Sink
    ) throws(FontError) {
        guard op >= 34, op <= 37 else { throw code.malformed(at - 2, .unknownOperator) }
        guard isDrawing else { throw code.malformed(at - 2, .badCharstring) }
        let s = operand
        switch op {
        case 35:
            try need(13, code, at)
            try curve((s(0), s(1), s(2), s(3), s(4), s(5)), into: &sink)
            try curve((s(6), s(7), s(8), s(9), s(10), s(11)), into: &sink)
        case 34:
            try need(7, code, at)
            try curve((s(0), 0, s(1), s(2), s(3), 0), into: &sink)
            try curve((s(4), 0, s(5), 0 &- s(2), s(6), 0), into: &sink)
        case 36:
            try need(9, code, at)
            try curve((s(0), s(1), s(2), s(3), s(4), 0), into: &sink)
            try curve((s(5), 0, s(6), s(7), s(8), 0 &- (s(1) &+ s(3) &+ s(7))), into: &sink)
        default:
            try need(11, code, at)
            var dx: Int64 = 0, dy: Int64 = 0
            for index in 0..<5 {
                dx += Int64(s(index * 2))
                dy += Int64(s(index * 2 + 1))
            }
            let horizontal = abs(dx) > abs(dy)
            try curve((s(0), s(1), s(2), s(3), s(4), s(5)), into: &sink)
            let last = (horizontal ? s(10) : Int32(truncatingIfNeeded: -dx), horizontal ? Int32(truncatingIfNeeded: -dy) : s(10))
            try curve((s(6), s(7), s(8), s(9), last.0, last.1), into: &sink)
        }
    }
}
