class Queue:
    def push(self, item):
        self.lock.acquire()
        self.check_size()
        self.items.append(item)
        self.size = len(self.items)
        self.log(item)
        self.flush()
        self.cond.notify()
        self.lock.release()

    def drop(self, item):
        try:
            self.items.remove(item)
        except ValueError:
            self.misses += 1
        self.size -= 1
        self.log(item, dropped=True)
        self.dropped += 1
