"""A realistic synthetic town for trials, screenshots and benchmarks."""
