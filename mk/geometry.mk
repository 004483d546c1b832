# Raster geometry (owner: geometry).
#   make geometry-reference   regenerates the quality corpus references (Tests/RasterTests/Reference/*.pgm)
#                             and cairo's own scores against them, with Debian's python3-cairo (~10 s)
#   make geometry-golden      rewrites the byte-for-byte golden outputs of our rasterizer (then review them)
#   make geometry-scores      writes our corpus scores to Tests/RasterTests/Reference/flipbook-scores.txt
.PHONY: geometry-reference geometry-golden geometry-scores

geometry-reference: deps
	/usr/bin/python3 tools/reference/make_references.py

geometry-golden: deps
	FLIPBOOK_REGENERATE_GOLDEN=1 $(SWIFT) test $(SWIFT_FLAGS) --filter QualityCorpusTests.goldenOutputIsUnchanged

geometry-scores: deps
	FLIPBOOK_CORPUS_SCORES=$(CURDIR)/Tests/RasterTests/Reference/flipbook-scores.txt \
		$(SWIFT) test $(SWIFT_FLAGS) --filter QualityCorpusTests.everyCaseMatchesTheSupersampledReference
