// FlipbookSim module: see README.md.
