class Queue:
    def push(self, item):
        self.lock.acquire()
        self.items.append(item)
        self.size += 1
        self.log(item)
        self.flush()
        self.cond.notify_all()
        self.lock.release()

    def drop(self, item):
        try:
            self.items.remove(item)
        except ValueError:
            self.misses += 1
        self.size -= 1
        self.log(item, dropped=True)
        self.dropped += 1
