# `make test` is the README's second command; like `bin/flownav`, the first, it installs
# libedit-dev first when it is missing, so it works on a machine that has only Swift.
SWIFT ?= swift

.PHONY: test deps bench pictures screenshot

test: deps
	$(SWIFT) test

deps:
	@sh .ci/install-deps

# Release builds as bin/flownav makes them (a static executable), and the Swift sources reader
# that `check` on a real app runs. Long (callgrind counts; FLOWNAV_BENCH_CALLGRIND=0 leaves them
# out); FLOWNAV_BENCH_ONLY and FLOWNAV_BENCH_ANCHORS run parts (Benchmarks/flownav-bench).
bench: deps
	$(SWIFT) build -c release --static-swift-stdlib --product flownav
	$(SWIFT) build -c release --static-swift-stdlib --product flownav-sources
	$(SWIFT) build -c release --static-swift-stdlib --product flownav-bench
	.build/release/flownav-bench

# libFuzzer targets (Fuzz/, a package of their own, scratch path .build-fuzz): each runs for
# FUZZ_SECONDS; crashes go to .build-fuzz/crashes/TARGET.
FUZZ_SECONDS ?= 300
.PHONY: fuzz
fuzz: deps
	Fuzz/run.sh $(FUZZ_SECONDS)

# The README's picture of the demo flow, drawn by flownav itself (Graphviz's dot makes the SVG).
pictures: deps
	$(SWIFT) build -c release --static-swift-stdlib --product flownav
	.build/release/flownav graph flows/segue-actions.json --output docs/images/segue-actions.svg

# Planted mistakes (issue 30): each of seven kinds, one at a time, in a copy of every app under
# ../shared/apps; prints how many `check` names right. FLOWNAV=path checks with another flownav
# (its flownav-sources beside it, or FLOWNAV_SOURCES) and builds nothing; MUTATIONS_ARGS passes
# options and app names (scripts/mutations.py --help).
.PHONY: mutations
mutations: deps
	@if [ -z "$(FLOWNAV)" ]; then \
		$(SWIFT) build --product flownav && $(SWIFT) build --product flownav-sources; \
	fi
	python3 scripts/mutations.py $(if $(FLOWNAV),--flownav $(FLOWNAV)) $(MUTATIONS_ARGS)

# The README's screenshot of `check --format html` in headless Chromium (not run by CI).
screenshot: deps
	sh scripts/screenshot-report.sh
