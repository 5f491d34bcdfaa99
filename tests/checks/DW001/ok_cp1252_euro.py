#!/usr/bin/env python3
# -*- coding: cp1252 -*-
PRICE = "100 €"  # ok: 0x80 is the euro sign in cp1252
QUOTE = "“quoted”"  # ok: curly quotes
