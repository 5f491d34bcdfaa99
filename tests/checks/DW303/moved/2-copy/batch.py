from worker import Supervisor, Worker


class BatchWorker(Worker):
    def run(self, queue):
        self.started = self.clock()
        item = queue.get()  # expect: DW303 "still has `item = queue.get()` (line {+0}), which Worker.run had until"
        self.handle(item)
        queue.task_done()
        self.batches += 1
        self.finished = self.clock()


class BatchSupervisor(Supervisor):
    def stop(self, queue):
        self.stopping = True
        queue.put(None)  # expect: DW303 "still has `queue.put(None)` (line {+0}), which Supervisor.stop had until"
        self.join()
        self.stopped = True
        self.log("stopped")
