"""The fast playouts' inlined shuffle draws exactly what random.Random.shuffle draws."""

import random

import pytest

from plateau_lab.core.fastrandom import shuffle


@pytest.mark.parametrize("size", [0, 1, 2, 3, 36, 55, 60, 78, 256, 257, 300])
def test_shuffle_is_random_shuffle(size):
    for seed in range(40):
        expected, got = list(range(size)), list(range(size))
        reference, generator = random.Random(f"{seed}/deal"), random.Random(f"{seed}/deal")
        reference.shuffle(expected)
        shuffle(got, generator)
        assert got == expected
        assert generator.getrandbits(32) == reference.getrandbits(32)     # same draws used up
