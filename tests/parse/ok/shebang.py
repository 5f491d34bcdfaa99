#!/usr/bin/env python3
x = 1
