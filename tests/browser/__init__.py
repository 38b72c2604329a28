"""Browser tests: the notebooks in Voilà and JupyterLab, driven in the system's Chromium."""
