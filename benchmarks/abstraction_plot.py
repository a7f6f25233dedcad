"""The picture of the abstraction guide: a few flop buckets' centroid histograms.

    pip install ".[plot]" && python benchmarks/abstraction_plot.py --out docs/guide/abstraction_buckets.png

Every flop class's 20-bin histogram of river hand strength (class_features), clustered into
8 buckets under the earth mover's distance (emd_kmeans, seed 1); each bucket's centroid is
drawn with how many classes it holds. The machine and the date are in the title
(common.machine).
"""

from __future__ import annotations

import argparse

import numpy as np
from common import machine

from handrank.abstraction import class_features, emd_kmeans


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="docs/guide/abstraction_buckets.png")
    parser.add_argument("--bins", type=int, default=20)
    parser.add_argument("--buckets", type=int, default=8)
    args = parser.parse_args()
    features = class_features("flop", bins=args.bins, threads=2)
    buckets = emd_kmeans(features.histogram, args.buckets, seed=1, iterations=30, threads=2)
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    order = np.argsort(buckets.centroids @ np.arange(args.bins))  # weakest bucket first
    sizes = np.bincount(buckets.labels, minlength=args.buckets)
    figure, axes = plt.subplots(figsize=(9, 4.5))
    centers = (np.arange(args.bins) + 0.5) / args.bins
    for rank, bucket in enumerate(order):
        axes.plot(centers, buckets.centroids[bucket], marker="o", markersize=3,
                  color=plt.cm.viridis(rank / max(1, args.buckets - 1)),
                  label=f"bucket {rank + 1}: {sizes[bucket]:,} classes")
    axes.set_xlabel("river hand strength")
    axes.set_ylabel("share of the runouts")
    axes.set_title(f"Flop buckets: centroid histograms ({args.buckets} buckets, EMD k-means, seed 1)\n"
                   f"{machine()}", fontsize=8)
    axes.legend(fontsize=7)
    figure.tight_layout()
    figure.savefig(args.out, dpi=110)
    print(f"wrote {args.out}: objective {buckets.objective:,.0f} after {len(buckets.history)} iterations")


if __name__ == "__main__":
    main()
