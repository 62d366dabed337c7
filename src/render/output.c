/*
** output.c -- a cairo surface for each format, and the atomic write.
**
** Every file is first written to "OUT.PID.tmp" in the same directory and
** renamed over OUT only when cairo and the stream both report success, so a
** failure never leaves a partial diagram behind; nor does Ctrl-C, held back
** meanwhile (sighold.h): the file is removed and the process ends.  PDFs carry a fixed
** creation date: the same input gives the same bytes.  SVG captions are real
** <text> in FreeSerif (editable, searchable), with a <title>.
*/
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include <cairo-pdf.h>
#include <cairo-svg.h>

#include "base/atomic_file.h"
#include "base/sighold.h"
#include "render/booklet.h"
#include "render/context.h"
#include "render/fonts.h"
#include "render/latex.h"
#include "render/layout.h"
#include "render/png.h"

#define MM (72.0 / 25.4)
#define PDF_DATE "2000-01-01T00:00:00Z"

double render_default_size(enum render_format f)
{
	return f == RENDER_PNG ? 300 : 45 * MM;
}

int render_parse_size(const char *text, enum render_format f, double dpi, double *out, bool *snap,
                      char *err, size_t errlen)
{
	/* a length's points, or pixels (1 for px) */
	static const struct {
		const char *unit;
		double pt;
	} units[] = {{"px", 0}, {"", 0}, {"pt", 1}, {"mm", MM}, {"cm", 10 * MM}, {"in", 72}};
	char *end;
	errno = 0;
	double v = strtod(text, &end);
	bool png = f == RENDER_PNG;
	if (end == text || errno || !(v > 0)) {
		snprintf(err, errlen, "--size: '%s' is not a size (e.g. 300, 60mm, 170pt)", text);
		return -1;
	}
	size_t u = 0;
	while (u < sizeof units / sizeof units[0] && strcmp(end, units[u].unit) != 0)
		u++;
	if (u == sizeof units / sizeof units[0]) {
		snprintf(err, errlen, "--size: unknown unit '%s' (px, pt, mm, cm, in)", end);
		return -1;
	}
	bool length = units[u].pt > 0;
	if (length)
		v *= units[u].pt; /* points */
	/* PNG: a length becomes pixels at --dpi (300 when not given) */
	if (png && length)
		v *= (dpi > 0 ? dpi : RENDER_PRINT_DPI) / 72;
	*snap = png || !length;
	double lo = png ? 40 : 20, hi = png ? 4000 : 2000;
	if (v < lo || v > hi) {
		snprintf(err, errlen, "--size: '%s' is out of range (%g to %g %s%s)", text, lo, hi,
		         png ? "px" : "pt", png && length ? " at the --dpi" : "");
		return -1;
	}
	*out = v;
	return 0;
}

int render_format_from_path(const char *path, enum render_format *f)
{
	const char *dot = strrchr(path, '.'), *slash = strrchr(path, '/');
	if (!dot || (slash && dot < slash))
		return -1;
	if (!strcasecmp(dot, ".png"))
		*f = RENDER_PNG;
	else if (!strcasecmp(dot, ".svg"))
		*f = RENDER_SVG;
	else if (!strcasecmp(dot, ".pdf"))
		*f = RENDER_PDF;
	else if (!strcasecmp(dot, ".tex"))
		*f = RENDER_TEX;
	else
		return -1;
	return 0;
}

static cairo_status_t write_cb(void *closure, const unsigned char *data, unsigned int len)
{
	return fwrite(data, 1, len, closure) == len ? CAIRO_STATUS_SUCCESS
	                                            : CAIRO_STATUS_WRITE_ERROR;
}

/* Draw d on s: the context's status (cairo draws nothing after an error:
   a caption or a whole page went missing, and the file was called good). */
static cairo_status_t draw_one(struct render_ctx *ctx, cairo_surface_t *s, const struct diagram *d,
                               const struct render_layout *l, const struct render_opts *o)
{
	cairo_t *cr = cairo_create(s);
	render_draw(ctx, cr, d, l, o);
	cairo_status_t st = cairo_status(cr);
	cairo_destroy(cr);
	return st;
}

static cairo_status_t write_png(struct render_ctx *ctx, const struct diagram *d,
                                const struct render_opts *o, FILE *f)
{
	struct render_layout l;
	render_layout(ctx, d, o, &l);
	/* The canvas is reused (cleared) from one diagram to the next. */
	int w = (int)l.width, h = (int)l.height;
	int stride = cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, w);
	size_t need = (size_t)stride * (size_t)h;
	if (need > ctx->pixels_cap) {
		unsigned char *p = realloc(ctx->pixels, need);
		if (!p)
			return CAIRO_STATUS_NO_MEMORY;
		ctx->pixels = p;
		ctx->pixels_cap = need;
	}
	memset(ctx->pixels, 0, need);
	cairo_surface_t *s =
	    cairo_image_surface_create_for_data(ctx->pixels, CAIRO_FORMAT_ARGB32, w, h, stride);
	cairo_status_t st = draw_one(ctx, s, d, &l, o);
	if (st == CAIRO_STATUS_SUCCESS)
		st = cairo_surface_status(s);
	if (st == CAIRO_STATUS_SUCCESS)
		st = render_png_write(&ctx->png, s, o->dpi, f);
	cairo_surface_destroy(s);
	return st;
}

struct membuf {
	char *p;
	size_t len, cap;
};

static cairo_status_t mem_cb(void *closure, const unsigned char *data, unsigned int len)
{
	struct membuf *m = closure;
	if (m->len + len > m->cap) {
		size_t cap = m->cap ? m->cap : 65536;
		while (cap < m->len + len)
			cap *= 2;
		char *np = realloc(m->p, cap);
		if (!np)
			return CAIRO_STATUS_NO_MEMORY;
		m->p = np;
		m->cap = cap;
	}
	memcpy(m->p + m->len, data, len);
	m->len += len;
	return CAIRO_STATUS_SUCCESS;
}

/*
** cairo numbers SVG surfaces and images with process-wide counters, so a
** diagram written after others in one run would differ from the same
** diagram written alone.  Renumber "surfaceN" / "imageN" ids (and their
** "#" references) in order of appearance: the file depends on its input only.
*/
static bool write_renumbered(const struct membuf *m, FILE *f)
{
	static const char *const prefixes[] = {"surface", "image"};
	long seen[2][64];
	int nseen[2] = {0, 0};
	const char *p = m->p, *end = m->p + m->len, *flushed = p;
	bool ok = true;
	while (p < end) {
		const char *q = memchr(p, '"', (size_t)(end - p));
		if (!q)
			break;
		p = q + 1;
		if (p < end && *p == '#')
			p++;
		for (int k = 0; k < 2; k++) {
			size_t pl = strlen(prefixes[k]);
			if ((size_t)(end - p) <= pl || memcmp(p, prefixes[k], pl) != 0)
				continue;
			char *num_end;
			long v = strtol(p + pl, &num_end, 10);
			if (num_end == p + pl || num_end >= end || *num_end != '"')
				continue;
			int id = 0;
			while (id < nseen[k] && seen[k][id] != v)
				id++;
			if (id == nseen[k] && nseen[k] < 64)
				seen[k][nseen[k]++] = v;
			ok &= fwrite(flushed, 1, (size_t)(p + pl - flushed), f) ==
			      (size_t)(p + pl - flushed);
			ok &= fprintf(f, "%d", id + 1) > 0;
			flushed = num_end;
			p = num_end;
		}
	}
	ok &= fwrite(flushed, 1, (size_t)(end - flushed), f) == (size_t)(end - flushed);
	return ok;
}

/* s[0..n) as XML character data. */
static bool xml_escaped(FILE *f, const char *s, size_t n)
{
	bool ok = true;
	for (size_t i = 0; i < n; i++) {
		const char *e = s[i] == '&'   ? "&amp;"
		                : s[i] == '<' ? "&lt;"
		                : s[i] == '>' ? "&gt;"
		                : s[i] == '"' ? "&quot;"
		                              : NULL;
		ok &= e ? fputs(e, f) >= 0 : putc(s[i], f) != EOF;
	}
	return ok;
}

/* x="..." of every character of t as cairo sets it: a viewer that kerns
   (rsvg, browsers) would otherwise move the letters of a long line by a
   few points against the layout, which has no kerning. */
static bool svg_char_x(struct render_ctx *ctx, FILE *f, const struct render_text *t)
{
	bool ok = fputs(" x=\"", f) >= 0;
	for (int i = 0; i < t->len;) {
		double x =
		    t->x + render_text_width_n(&ctx->fonts, t->font, t->size, t->text, (size_t)i);
		ok &= fprintf(f, "%s%.2f", i ? " " : "", x) > 0;
		i++;
		while (i < t->len && (t->text[i] & 0xC0) == 0x80)
			i++; /* one position per character, not per byte */
	}
	return ok && fputs("\"", f) >= 0;
}

/* The caption lines as <text>, in FreeSerif as laid out (the widths were
   measured with it), falling back to any serif face. */
static bool svg_texts(struct render_ctx *ctx, FILE *f, const struct render_layout *l)
{
	static const char *const attrs[NFONTS] = {
	    [FONT_REGULAR] = "",
	    [FONT_BOLD] = " font-weight=\"bold\"",
	    [FONT_ITALIC] = " font-style=\"italic\"",
	};
	bool ok = fputs("<g font-family=\"FreeSerif, serif\" fill=\"#000000\" "
	                "xml:space=\"preserve\">\n",
	                f) >= 0;
	for (int i = 0; i < l->ntext; i++) {
		const struct render_text *t = &l->text[i];
		ok &= fputs("<text", f) >= 0 && svg_char_x(ctx, f, t);
		ok &= fprintf(f, " y=\"%.2f\" font-size=\"%.2f\"%s>", t->y, t->size,
		              attrs[t->font]) > 0;
		ok &= xml_escaped(f, t->text, (size_t)t->len);
		ok &= fputs("</text>\n", f) >= 0;
	}
	return ok && fputs("</g>\n", f) >= 0;
}

/* cairo's SVG with its ids renumbered, a <title> after the <svg> tag and
   the caption text before its end. */
static bool svg_finish(struct render_ctx *ctx, const struct membuf *m, const struct diagram *d,
                       const struct render_layout *l, FILE *f)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *mf = open_memstream(&buf, &len);
	if (!mf)
		return false;
	bool ok = write_renumbered(m, mf);
	ok &= fclose(mf) == 0;
	const char *svg = ok ? strstr(buf, "<svg") : NULL;
	const char *open_end = svg ? strchr(svg, '>') : NULL;
	const char *close = NULL;
	for (const char *c = open_end; c && (c = strstr(c, "</svg>")); c++)
		close = c;
	if (!open_end || !close) {
		free(buf);
		return false;
	}
	size_t head = (size_t)(open_end + 1 - buf), body = (size_t)(close - buf);
	ok &= fwrite(buf, 1, head, f) == head;
	ok &= fputs("\n<title>", f) >= 0;
	ok &= xml_escaped(f, d->title, strlen(d->title));
	ok &= fputs("</title>", f) >= 0;
	ok &= fwrite(buf + head, 1, body - head, f) == body - head;
	ok &= svg_texts(ctx, f, l);
	ok &= fwrite(buf + body, 1, len - body, f) == len - body;
	free(buf);
	return ok;
}

static cairo_status_t write_svg(struct render_ctx *ctx, const struct diagram *d,
                                const struct render_opts *o, FILE *f)
{
	struct render_layout l;
	struct membuf m = {NULL, 0, 0};
	render_layout(ctx, d, o, &l);
	cairo_surface_t *s = cairo_svg_surface_create_for_stream(mem_cb, &m, l.width, l.height);
	if (o->snap)
		cairo_svg_surface_set_document_unit(s, CAIRO_SVG_UNIT_PX);
	cairo_status_t st = draw_one(ctx, s, d, &l, o);
	cairo_surface_finish(s);
	if (st == CAIRO_STATUS_SUCCESS)
		st = cairo_surface_status(s);
	cairo_surface_destroy(s);
	if (st == CAIRO_STATUS_SUCCESS && !svg_finish(ctx, &m, d, &l, f))
		st = CAIRO_STATUS_WRITE_ERROR;
	free(m.p);
	return st;
}

/* One page per diagram, fitted to it; or a booklet (booklet.c). */
static cairo_status_t write_pdf(struct render_ctx *ctx, const struct diagram *d, int n,
                                const struct render_opts *o, FILE *f, const struct sig_hold *held,
                                char *why, size_t whylen)
{
	bool refused = false;
	double w, h;
	render_paper_size(o->paper, &w, &h);
	cairo_surface_t *s = cairo_pdf_surface_create_for_stream(write_cb, f, w, h);
	cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_CREATE_DATE, PDF_DATE);
	cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_MOD_DATE, PDF_DATE);
	cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_CREATOR, "maat");
	if (o->title) {
		/* cleaned as every drawn string is (a noncharacter there is an
		   error of the surface) */
		char title[4096];
		render_copy_text(title, sizeof title, o->title);
		cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_TITLE, title);
	}
	cairo_t *cr = cairo_create(s);
	if (o->booklet) {
		refused = render_booklet(ctx, s, cr, d, n, o, why, whylen) < 0;
	} else {
		for (int i = 0; i < n && !sig_held_pending(held); i++) {
			struct render_layout l;
			render_layout(ctx, &d[i], o, &l);
			cairo_pdf_surface_set_size(s, l.width, l.height);
			render_draw(ctx, cr, &d[i], &l, o);
			cairo_show_page(cr);
		}
	}
	cairo_status_t st = cairo_status(cr);
	cairo_destroy(cr);
	cairo_surface_finish(s);
	if (st == CAIRO_STATUS_SUCCESS)
		st = cairo_surface_status(s);
	cairo_surface_destroy(s);
	return st == CAIRO_STATUS_SUCCESS && refused ? CAIRO_STATUS_INVALID_SIZE : st;
}

static cairo_status_t write_tex(const struct diagram *d, int n, const struct render_opts *o,
                                FILE *f)
{
	return render_latex(d, n, o, f) ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR;
}

int render_write(struct render_ctx *ctx, const struct diagram *d, int n,
                 const struct render_opts *o, const char *path, char *err, size_t errlen)
{
	char tmp[4096 + 64], why[512] = "";
	render_recover(ctx); /* each file from a context without error */
	if (n < 1) {
		snprintf(err, errlen, "%s: no diagrams to write", path);
		return -1;
	}
	if (n > 1 && o->format != RENDER_PDF && o->format != RENDER_TEX) {
		snprintf(err, errlen,
		         "%s: %d diagrams need a .pdf, a .tex or a directory (-o DIR/)", path, n);
		return -1;
	}
	/* Ctrl-C now would leave the temporary file: it waits until the file
	   is renamed or removed (an interrupted file is removed). */
	struct sig_hold held;
	sig_hold(&held);
	FILE *f = atomic_open(path, tmp, sizeof tmp);
	if (!f) {
		snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
		sig_release(&held);
		return -1;
	}
	cairo_status_t st = o->format == RENDER_PNG   ? write_png(ctx, d, o, f)
	                    : o->format == RENDER_SVG ? write_svg(ctx, d, o, f)
	                    : o->format == RENDER_TEX
	                        ? write_tex(d, n, o, f)
	                        : write_pdf(ctx, d, n, o, f, &held, why, sizeof why);
	/* text measured or a tile drawn wrong: the file is too */
	if (st == CAIRO_STATUS_SUCCESS)
		st = ctx->failed;
	if (st == CAIRO_STATUS_SUCCESS)
		st = cairo_status(ctx->fonts.measure);
	int rc = 0;
	if (why[0]) {
		snprintf(err, errlen, "%s: %s (nothing written)", path, why);
		rc = -1;
	} else if (st != CAIRO_STATUS_SUCCESS) {
		snprintf(err, errlen, "cannot write %s: %s", path,
		         st == CAIRO_STATUS_WRITE_ERROR ? strerror(errno)
		                                        : cairo_status_to_string(st));
		rc = -1;
	} else if (sig_held_pending(&held)) {
		snprintf(err, errlen, "%s: interrupted", path);
		rc = -1;
	}
	if (rc != 0)
		atomic_abandon(f, tmp);
	else if (atomic_close(f, tmp, path) != 0) {
		snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
		rc = -1;
	}
	sig_release(&held); /* an interrupted process ends here */
	return rc;
}
