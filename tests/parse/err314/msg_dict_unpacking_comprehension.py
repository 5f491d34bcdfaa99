x = {**d for d in ds}
