// FlipbookLinux module: see README.md.
