// The flipbook command line: see README.md.
print("flipbook: not built yet")
