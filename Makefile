# Two commands do everything on a fresh machine with Python 3.11:
#   make lab    set up .venv and open JupyterLab on the welcome notebook
#   make test   set up .venv and run the whole test suite (unit tests, doctests, nbval)
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: lab test setup clean

setup: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[notebooks,test]"
	touch $(STAMP)

lab: $(STAMP)
	$(BIN)/jupyter lab notebooks/00_welcome.ipynb

test: $(STAMP)
	$(BIN)/python -m pytest

clean:
	rm -rf $(VENV) .pytest_cache
