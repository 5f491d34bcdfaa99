class Worker:
    def name(self):
        return "worker"

    def run(self, queue):
        self.started = self.clock()
        item = queue.get(timeout=self.timeout)
        self.handle(item)
        queue.task_done()
        self.finished = self.clock()


class Supervisor:
    def stop(self, queue):
        self.stopping = True
        queue.join()
        self.join()
        self.stopped = True
        self.log("stopped")
