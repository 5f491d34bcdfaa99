@decorator
