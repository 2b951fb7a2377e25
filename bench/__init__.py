"""Benchmarks: measured figures for the README and BENCHMARKS.md (never timed tests)."""
