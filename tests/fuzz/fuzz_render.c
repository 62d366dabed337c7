/*
** fuzz_render.c -- the diagram path on any puzzle file: every puzzle the
** loader gives a position is built into a scene (caption from the file's
** text, arrows from its solution, marks), laid out and drawn on a small
** canvas, in each style and orientation the first bytes choose.  Nothing
** is written to disk: the files' own path (temporary file, rename) is the
** CLI tests' business.
*/
#include <cairo.h>

#include "fuzz.h"
#include "input/load.h"
#include "model/puzzle.h"
#include "render/render.h"
#include "render/context.h"
#include "render/fonts.h"
#include "render/layout.h"

FUZZ_STRETCHING_MUTATOR

static struct render_ctx *ctx;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	char err[256];
	ctx = render_ctx_new(NULL, err, sizeof err);
	if (!ctx) {
		fprintf(stderr, "fuzz_render: %s\n", err);
		abort();
	}
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	/* the first byte: options; the rest: the puzzle file */
	uint8_t b = data[0];
	struct render_opts o;
	memset(&o, 0, sizeof o);
	o.format = b & 1 ? RENDER_SVG : RENDER_PNG;
	o.size = 40 + (b >> 4) * 4; /* small: the drawing, not the pixels, is tested */
	o.snap = o.format == RENDER_PNG;
	o.style = (enum render_style)((b >> 1) % 3);
	o.arrows = b & 8 ? ARROWS_SOLUTION : ARROWS_CLAIMED;
	o.coords = b & 16;
	o.flip = b & 32;
	o.no_caption = b & 64;
	o.theme = b & 128 ? THEME_CLASSIC : THEME_SEED;
	o.marks = b & 4 ? "a1,b2,e5" : NULL;

	struct collection c;
	if (puzzle_load_buffer("f.yaml", (const char *)data + 1, size - 1, &c) != 0)
		return 0;
	for (int i = 0; i < c.count; i++) {
		const struct puzzle *p = &c.items[i];
		if (!p->has_position || !p->game)
			continue;
		struct diagram d;
		char err[256];
		if (render_diagram_build(ctx, p, i + 1, &o, &d, err, sizeof err) < 0) {
			fuzz_one_line("render_diagram_build", err, sizeof err);
			continue;
		}
		for (int t = 0; t < p->ntwins; t++)
			fuzz_twin_label(p->twins[t].label, strlen(p->twins[t].label) + 1);
		for (int k = 0; k < d.nhead; k++)
			fuzz_field("caption line", d.head[k], sizeof d.head[k]);
		struct render_layout l;
		render_layout(ctx, &d, &o, &l);
		if (!(l.width > 0 && l.height > 0 && l.width < 4000 && l.height < 4000))
			FUZZ_FAIL("layout %gx%g for a board of %g", l.width, l.height, o.size);
		cairo_surface_t *s =
		    cairo_image_surface_create(CAIRO_FORMAT_ARGB32, (int)l.width, (int)l.height);
		cairo_t *cr = cairo_create(s);
		render_draw(ctx, cr, &d, &l, &o);
		if (cairo_status(cr) != CAIRO_STATUS_SUCCESS)
			FUZZ_FAIL("cairo: %s", cairo_status_to_string(cairo_status(cr)));
		cairo_destroy(cr);
		cairo_surface_destroy(s);
	}
	collection_free(&c);
	return 0;
}
