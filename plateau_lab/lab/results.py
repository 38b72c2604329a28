"""The lab's results: plain Python, each with a pandas view.

A question the lab answers has one result, in plain Python (the static site's Python in the browser
has no pandas), which shows itself as a pandas DataFrame with ``to_pandas()`` where a table helps:
:class:`Figures` holds figures per measure (a dict: a measure's name to its figures), :class:`Rows`
a table's rows (a list of dicts: a column's name to its value). pandas is imported only inside
``to_pandas()``.

>>> figures = Figures({"margin": {"value": 2.0, "low": 1.0, "high": 3.0}}, ("value", "low", "high"))
>>> figures["margin"]["value"], float(figures.to_pandas().loc["margin", "high"])
(2.0, 3.0)
>>> Figures({}, ("value", "low")).to_pandas().columns.tolist()
['value', 'low']
>>> rows = Rows([{"seat": 0, "score": 5}, {"seat": 1, "score": 3}])
>>> rows[1]["score"], rows.to_pandas().score.tolist()
(3, [5, 3])
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

__all__ = ["Figures", "Rows"]


class Figures(dict):
    """Figures per measure, in order: each measure's name to a dict of ``columns`` (a plain dict,
    with the columns its table shows); :meth:`to_pandas` is the same as a DataFrame, one row per
    measure (an index named ``measure``)."""

    def __init__(self, figures: Mapping[str, Mapping[str, Any]] | Iterable = (), columns: Sequence[str] = ()):
        super().__init__(figures)
        self.columns = tuple(columns)

    def to_pandas(self):
        """The figures as a DataFrame, one row per measure (no row, but the columns, when empty)."""
        import pandas as pd

        return pd.DataFrame(list(self.values()), index=pd.Index(list(self), name="measure"),
                            columns=list(self.columns))


class Rows(list):
    """A table's rows, in order (a plain list of dicts); :meth:`to_pandas` is the same as a
    DataFrame with ``columns`` (None: every column the rows have) and ``attrs`` (what the run says
    about itself, e.g. that it was interrupted)."""

    def __init__(self, rows: Iterable[Mapping[str, Any]] = (), columns: Sequence[str] | None = None,
                 attrs: Mapping[str, Any] | None = None):
        super().__init__(rows)
        self.columns = None if columns is None else list(columns)
        self.attrs = dict(attrs or {})

    def to_pandas(self):
        """The rows as a DataFrame, with the run's ``attrs``."""
        import pandas as pd

        frame = pd.DataFrame(self, columns=self.columns)
        frame.attrs.update(self.attrs)
        return frame
