"""`make bench`: each figure beside a baseline measured in the same run, and the ratio."""
