import Synchronization
import Testing

@testable import GrainSupport

@Suite struct BoundedMemoTests {
    @Test func eachKeyIsComputedOnceWhileRemembered() {
        let memo = BoundedMemo<String, Int>(capacity: 8)
        let calls = Mutex(0)
        let compute: (String) -> Int = { key in
            calls.withLock { $0 += 1 }
            return key.count
        }
        #expect(memo.value(for: "abc", compute) == 3)
        #expect(memo.value(for: "abc", compute) == 3)
        #expect(memo.value(for: "hello", compute) == 5)
        #expect(calls.withLock { $0 } == 2)
    }

    @Test func nilResultsAreRememberedToo() {
        let memo = BoundedMemo<Int, String?>(capacity: 8)
        let calls = Mutex(0)
        for _ in 0..<3 {
            #expect(
                memo.value(for: 1) { _ in
                    calls.withLock { $0 += 1 }
                    return nil
                } == nil)
        }
        #expect(calls.withLock { $0 } == 1)
    }

    @Test func endlessDistinctKeysStayWithinCapacityAndStillAnswerCorrectly() {
        let memo = BoundedMemo<Int, Int>(capacity: 16)
        for key in 0..<1000 {
            #expect(memo.value(for: key) { $0 * 2 } == key * 2)
            #expect(memo.count <= 16)
        }
        #expect(memo.value(for: 3) { $0 * 2 } == 6)
    }
}
