"""The user interface: widgets for notebooks, Voilà and the static site.

:mod:`.table` is the play table, :mod:`.widgets` the step-through viewer, the odds bar, reviews
and the ladder panel, :mod:`.clickable` the clickable picture (an anywidget), :mod:`.exercises`
the exercises answered in the app, :mod:`.board_explorer` and :mod:`.board_figures` the Le
Plateau board to click and to plot, :mod:`.prose` sentences shown as paragraphs. Nothing below
this layer imports it.
"""

__all__: list[str] = []
