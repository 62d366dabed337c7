/*
** latex.h -- the diagrams as a LaTeX document for the diagram package
** (latex.c).
*/
#ifndef MAAT_RENDER_LATEX_H
#define MAAT_RENDER_LATEX_H

#include <stdbool.h>
#include <stdio.h>

#include "render/render.h"

bool render_latex(const struct diagram *d, int n, const struct render_opts *o, FILE *f);

#endif
