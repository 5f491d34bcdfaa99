class Worker:
    def run(self, queue):
        self.started = self.clock()
        item = queue.get()
        self.handle(item)
        queue.task_done()
        self.finished = self.clock()

    def name(self):
        return "worker"

    def stop(self, queue):
        self.stopping = True
        queue.put(None)
        self.join()
        self.stopped = True
        self.log("stopped")


class Supervisor:
    pass
