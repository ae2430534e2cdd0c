import WorkerThreads

/// Rows passed from a decoding thread to the thread that resamples them, through a few
/// slots, so a PNG's inflating (zlib and libpng, about two thirds of its time) and its
/// resampling run on two cores at once rather than one after the other (issue 26: a
/// 12 MP PNG took 1.1× vipsthumbnail's wall time, which decodes and resizes on two
/// threads).
///
/// One producer (`put`, then `finish` with how it ended) and one consumer (`take`,
/// `release`, then `failure`). The slots
/// are raw memory: the producer fills a free slot without the lock (only it chooses
/// which), the consumer reads a taken one without the lock until it releases it, and the
/// lock orders the hand-over. The consumer takes every row (the resampler cannot fail),
/// so a producer waiting for a free slot always gets one.
///
/// Each side sleeps for half the slots at a time, not one row: a wake-up costs a few
/// microseconds of system time, and waking the other thread for every row of a 12 MP
/// PNG added a fifth to its CPU time.
final class RowHandoff<Failure: Error & Sendable>: @unchecked Sendable {
    private let condition = ConditionLock()
    private let rowLength: Int
    private let slotCount: Int
    private let slots: UnsafeMutablePointer<UInt8>
    /// How many rows (or free slots) a sleeping side waits for before it is woken.
    private let batch: Int
    // Guarded by `condition`.
    private var put = 0
    private var taken = 0
    private var finished = false
    private var producerWaits = false
    private var consumerWaits = false
    private var producerFailure: Failure?

    init(rowLength: Int, slotCount: Int) {
        precondition(rowLength > 0 && slotCount > 0)
        self.rowLength = rowLength
        self.slotCount = slotCount
        batch = max(1, slotCount / 2)
        slots = .allocate(capacity: rowLength * slotCount)
    }

    deinit { slots.deallocate() }

    /// Copies `row` (`rowLength` bytes) into the next slot, waiting while every slot holds
    /// a row not yet released.
    func put(_ row: UnsafePointer<UInt8>) {
        condition.lock()
        if put - taken == slotCount {
            producerWaits = true
            while slotCount - (put - taken) < batch { condition.wait() }
            producerWaits = false
        }
        let index = put
        condition.unlock()
        (slots + (index % slotCount) * rowLength).update(from: row, count: rowLength)
        condition.lock()
        put += 1
        if consumerWaits, put - taken >= batch { condition.signal() }
        condition.unlock()
    }

    /// The producer is done, having failed with `failure` or not: after the rows already
    /// put, `take` returns nil.
    func finish(_ failure: Failure?) {
        condition.lock()
        producerFailure = failure
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    /// The next row, valid until `release`; nil once the producer has finished and every
    /// row it put has been taken.
    func take() -> UnsafePointer<UInt8>? {
        condition.lock()
        defer { condition.unlock() }
        if taken == put, !finished {
            consumerWaits = true
            while put - taken < batch, !finished { condition.wait() }
            consumerWaits = false
        }
        return taken == put ? nil : UnsafePointer(slots + (taken % slotCount) * rowLength)
    }

    /// Gives the row `take` returned back to the producer.
    func release() {
        condition.lock()
        taken += 1
        if producerWaits, slotCount - (put - taken) >= batch { condition.signal() }
        condition.unlock()
    }

    /// Waits until the producer has called `finish`, and returns how it ended.
    func failure() -> Failure? {
        condition.lock()
        defer { condition.unlock() }
        while !finished { condition.wait() }
        return producerFailure
    }
}
