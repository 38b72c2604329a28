# Two commands do everything on a fresh machine with Python 3.11:
#   make lab    set up .venv and open JupyterLab on the welcome notebook
#   make test   set up .venv and run the whole test suite (unit tests, doctests, nbval)
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: lab test setup chromium clean classroom site

setup: $(STAMP)

# The notebooks' Voila page template (pyproject's data-files) is linked into the venv by hand: an
# editable install leaves data files out, and plain `voila notebooks/...` looks for it there.
VOILA_TEMPLATES := $(VENV)/share/jupyter/voila/templates

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[notebooks,test]"
	mkdir -p $(VOILA_TEMPLATES)
	rm -rf $(VOILA_TEMPLATES)/plateau
	ln -s $(CURDIR)/classroom/jupyter/voila/templates/plateau $(VOILA_TEMPLATES)/plateau
	touch $(STAMP)

lab: $(STAMP)
	$(BIN)/jupyter lab $(if $(filter 0,$(shell id -u)),--allow-root) notebooks/00_welcome.ipynb

# A Voilà server for a class (settings and why: classroom/voila.py). CLASSROOM_PORT, CLASSROOM_POOL
# (preheated kernels per notebook) and CLASSROOM_MAX_KERNELS override its defaults. The settings also
# start the shared tables' service beside it (python -m plateau_lab.classroom, on CLASSROOM_TABLES_PORT,
# default the port + 1, keeping every move in CLASSROOM_DATABASE, default classroom/shared_tables.sqlite)
# and supervise it: after a crash it is started again at once, on the same port, database and teacher
# token (classroom/shared_tables.teacher-token); the pages connect again by themselves.
classroom: $(STAMP)
	JUPYTER_PREFER_ENV_PATH=1 $(BIN)/python -m voila --Voila.config_file_paths=classroom notebooks

# A static JupyterLite site in site/ (see tools/build_site.py): any static web host can serve it.
# Rebuilt when a notebook, the package or the build script changes; the browser tests open it.
SITE_SOURCES := $(wildcard notebooks/*.ipynb) $(shell find plateau_lab -name '*.py') tools/build_site.py pyproject.toml \
                classroom/jupyter/voila/templates/plateau/accessible.js classroom/jupyter/voila/templates/plateau/accessible.css
site: site/jupyter-lite.json

site/jupyter-lite.json: $(STAMP) $(SITE_SOURCES)
	$(BIN)/python tools/build_site.py

test: $(STAMP) chromium site/jupyter-lite.json
	$(BIN)/python -m pytest -n auto --dist loadfile

# The browser tests (tests/browser/) drive Debian's Chromium; as root, install it when it is missing
# (never a browser download). Otherwise say how: the browser tests then fail with the same advice.
# PLATEAU_SKIP_BROWSER=1 opts out (the browser tests show as skipped); PLATEAU_CHROMIUM=path uses another.
CHROMIUM := /usr/bin/chromium
chromium:
	@if [ "$$PLATEAU_SKIP_BROWSER" = "1" ] || [ -n "$$PLATEAU_CHROMIUM" ] || [ -x "$(CHROMIUM)" ]; then :; \
	elif [ "$$(id -u)" = "0" ] && command -v apt-get >/dev/null; then \
	  echo "Installing Debian's chromium for the browser tests"; \
	  (export DEBIAN_FRONTEND=noninteractive; apt-get update -q && apt-get install -y -q chromium) \
	  || echo "Could not install chromium: the browser tests will fail (PLATEAU_SKIP_BROWSER=1 skips them)."; \
	else \
	  echo "$(CHROMIUM) is missing: the browser tests will fail. Install it as root with"; \
	  echo "  apt-get update && apt-get install -y chromium"; \
	  echo "or skip them with PLATEAU_SKIP_BROWSER=1 make test."; \
	fi

clean:
	rm -rf $(VENV) .pytest_cache
