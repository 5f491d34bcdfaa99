from queue_ import Queue


class PriorityQueue(Queue):
    def push(self, item):
        self.lock.acquire()
        self.flush()  # ok: the base deleted it, then put it back elsewhere
        self.items.append(item)
        self.size += 1  # expect: DW303 "still has `self.size += 1` (line {+0}), which Queue.push had until"
        self.log(item)
        self.cond.notify_all()  # expect: DW303 "still has `self.cond.notify_all()` (line {+0}), which Queue.push had until"
        self.heapify()
        self.lock.release()

    def drop(self, item):
        try:
            self.items.remove(item)
        except ValueError:
            pass  # ok: the base replaced it, but `pass` says too little to report
        self.size -= 1
        self.trace(item)
        self.dropped += 1
