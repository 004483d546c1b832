# Raster geometry and the renderer's quality corpus (owners: geometry, quality; docs/raster-quality.md).
#   make geometry-reference   regenerates the corpus references with Debian's python3-cairo and python3-numpy:
#                             coverage (Tests/RasterTests/Reference/*.pgm) and composited colour cases
#                             (Reference/composited/*.ppm, 256 x 256 x 4 samples per pixel), with cairo's
#                             own scores against them (~50 s on the loaded 2-core machine)
#   make geometry-golden      rewrites the byte-for-byte golden outputs of both corpora (then review them)
#   make geometry-scores      writes our scores to Reference/flipbook-scores.txt and
#                             Reference/composited/flipbook-scores.txt
.PHONY: geometry-reference geometry-golden geometry-scores

geometry-reference: deps
	/usr/bin/python3 tools/reference/make_references.py
	/usr/bin/python3 tools/reference/make_composited_references.py

geometry-golden: deps
	FLIPBOOK_REGENERATE_GOLDEN=1 $(SWIFT) test $(SWIFT_FLAGS) \
		--filter "QualityCorpusTests.goldenOutputIsUnchanged|CompositedCorpusTests.goldenOutputIsUnchanged"

geometry-scores: deps
	FLIPBOOK_CORPUS_SCORES=$(CURDIR)/Tests/RasterTests/Reference/flipbook-scores.txt \
	FLIPBOOK_COMPOSITED_SCORES=$(CURDIR)/Tests/RasterTests/Reference/composited/flipbook-scores.txt \
		$(SWIFT) test $(SWIFT_FLAGS) \
		--filter "QualityCorpusTests.everyCaseMatchesTheSupersampledReference|CompositedCorpusTests.everyCaseMatchesTheSupersampledReference"
