"""The user interface: widgets for notebooks, Voilà and the static site.

:mod:`.table` is the play table (against bots, or several learners sharing the screen) over
:mod:`.session`, the same game in plain Python (:mod:`.second_person` says its sentences to the
learner as "you"); :mod:`.guided` and :mod:`.guided_table` the guided
first game; :mod:`.score_sheet` the pause's score sheet; :mod:`.analysis_board` the analysis board
of a finished or saved game; :mod:`.shared_table` a learner's seat at a shared table of the
classroom server and :mod:`.class_lesson` the class's lesson cell (the teacher's positions, exercise
answers kept for the teacher); :mod:`.widgets` the step-through viewer and the ladder panel;
:mod:`.reports` the review and the odds bar as HTML; :mod:`.clickable` the clickable picture (an
anywidget); :mod:`.exercises` the exercises answered in the app; :mod:`.board_explorer` and
:mod:`.board_figures` the Le Plateau board to click and to plot; :mod:`.prose` sentences shown as
paragraphs; :mod:`.shown` a picture or widget with words for a page that has not run yet. The design
lab's panels: :mod:`.variant_designer` (two rule sets compared, its table drawn by
:mod:`.comparison_table`), :mod:`.sweep_panel` (one rule swept), drawn with :mod:`.charts` and
playing their deals through :mod:`.background`; :mod:`.walkthroughs` the scoring walkthroughs.
Nothing below this layer imports it.
"""

__all__: list[str] = []
