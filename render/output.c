/*
** output.c -- a cairo surface for each format, and the atomic write.
**
** Every file is first written to "OUT.PID.tmp" in the same directory and
** renamed over OUT only when cairo and the stream both report success, so a
** failure never leaves a partial diagram behind; nor does Ctrl-C, held back
** meanwhile (sighold.h): the file is removed and the process ends.  PDFs carry a fixed
** creation date: the same input gives the same bytes.
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

#include "render_int.h"
#include "sighold.h"

#define MM (72.0 / 25.4)
#define PDF_DATE "2000-01-01T00:00:00Z"
#define A4_W (210 * MM)
#define A4_H (297 * MM)

double render_default_size(enum render_format f)
{
	return f == RENDER_PNG ? 300 : 45 * MM;
}

int render_parse_size(const char *text, enum render_format f, double *out, bool *snap, char *err,
                      size_t errlen)
{
	char *end;
	errno = 0;
	double v = strtod(text, &end);
	bool png = f == RENDER_PNG;
	if (end == text || errno || !(v > 0)) {
		snprintf(err, errlen, "--size: '%s' is not a size (e.g. 300, 60mm, 170pt)", text);
		return -1;
	}
	if (!strcmp(end, "mm") || !strcmp(end, "pt")) {
		if (png) {
			snprintf(
			    err, errlen,
			    "--size: '%s': PNG sizes are in px (mm and pt are for PDF and SVG)",
			    text);
			return -1;
		}
		if (!strcmp(end, "mm"))
			v *= MM;
	} else if (*end && strcmp(end, "px")) {
		snprintf(err, errlen, "--size: unknown unit '%s' (px, pt, mm)", end);
		return -1;
	}
	*snap = png || !strcmp(end, "px");
	double lo = png ? 40 : 20, hi = png ? 4000 : 2000;
	if (v < lo || v > hi) {
		snprintf(err, errlen, "--size: '%s' is out of range (%g to %g %s)", text, lo, hi,
		         png ? "px" : "pt");
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
	else
		return -1;
	return 0;
}

static cairo_status_t write_cb(void *closure, const unsigned char *data, unsigned int len)
{
	return fwrite(data, 1, len, closure) == len ? CAIRO_STATUS_SUCCESS
	                                            : CAIRO_STATUS_WRITE_ERROR;
}

static FILE *open_temp(const char *path, char *tmp, size_t len, char *err, size_t errlen)
{
	for (int i = 0; i < 100; i++) {
		if (i == 0)
			snprintf(tmp, len, "%s.%ld.tmp", path, (long)getpid());
		else
			snprintf(tmp, len, "%s.%ld-%d.tmp", path, (long)getpid(), i);
		int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL, 0666);
		if (fd >= 0) {
			FILE *f = fdopen(fd, "wb");
			if (!f) {
				close(fd);
				unlink(tmp);
				break;
			}
			return f;
		}
		if (errno != EEXIST)
			break;
	}
	snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
	return NULL;
}

static void draw_one(struct render_ctx *ctx, cairo_surface_t *s, const struct diagram *d,
                     const struct render_layout *l, const struct render_opts *o)
{
	cairo_t *cr = cairo_create(s);
	render_draw(ctx, cr, d, l, o);
	cairo_destroy(cr);
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
	draw_one(ctx, s, d, &l, o);
	cairo_status_t st = cairo_surface_status(s);
	if (st == CAIRO_STATUS_SUCCESS)
		st = render_png_write(&ctx->png, s, f);
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

static cairo_status_t write_svg(struct render_ctx *ctx, const struct diagram *d,
                                const struct render_opts *o, FILE *f)
{
	struct render_layout l;
	struct membuf m = {NULL, 0, 0};
	render_layout(ctx, d, o, &l);
	cairo_surface_t *s = cairo_svg_surface_create_for_stream(mem_cb, &m, l.width, l.height);
	if (o->snap)
		cairo_svg_surface_set_document_unit(s, CAIRO_SVG_UNIT_PX);
	draw_one(ctx, s, d, &l, o);
	cairo_surface_finish(s);
	cairo_status_t st = cairo_surface_status(s);
	cairo_surface_destroy(s);
	if (st == CAIRO_STATUS_SUCCESS && !write_renumbered(&m, f))
		st = CAIRO_STATUS_WRITE_ERROR;
	free(m.p);
	return st;
}

static double fit(const struct render_layout *l, double w, double h)
{
	double sx = w / l->width, sy = h / l->height, s = sx < sy ? sx : sy;
	return s < 1 ? s : 1;
}

/*
** per_page diagrams on an A4 page, in a grid: each shrunk if its cell is too
** small, centred across its cell, and the boards of one row aligned on their
** frame tops (the headings above them differ in height), as in a magazine.
*/
static void pdf_page(struct render_ctx *ctx, cairo_t *cr, const struct diagram *d, int n, int per,
                     const struct render_opts *o, struct render_layout *l)
{
	int cols = 1;
	while (cols * cols < per)
		cols++;
	int rows = (per + cols - 1) / cols;
	double margin = 15 * MM, pad = 4 * MM;
	double cell_w = (A4_W - 2 * margin) / cols, cell_h = (A4_H - 2 * margin) / rows;
	for (int i = 0; i < n; i++)
		render_layout(ctx, &d[i], o, &l[i]);
	for (int r = 0; r * cols < n; r++) {
		double top = 0; /* the lowest frame top in the row, scaled */
		for (int i = r * cols; i < n && i < (r + 1) * cols; i++) {
			double s = fit(&l[i], cell_w - pad, cell_h - pad);
			if (l[i].frame_y * s > top)
				top = l[i].frame_y * s;
		}
		for (int i = r * cols; i < n && i < (r + 1) * cols; i++) {
			double s = fit(&l[i], cell_w - pad, cell_h - pad);
			double x = margin + (i % cols) * cell_w + (cell_w - l[i].width * s) / 2;
			double y = margin + r * cell_h + pad / 2 + top - l[i].frame_y * s;
			cairo_save(cr);
			cairo_translate(cr, x, y);
			cairo_scale(cr, s, s);
			render_draw(ctx, cr, &d[i], &l[i], o);
			cairo_restore(cr);
		}
	}
	cairo_show_page(cr);
}

/* One page per diagram, fitted to it; or per_page diagrams on A4 pages. */
static cairo_status_t write_pdf(struct render_ctx *ctx, const struct diagram *d, int n,
                                const struct render_opts *o, FILE *f)
{
	int per = o->per_page > 1 ? o->per_page : 1;
	struct render_layout *l = malloc((size_t)per * sizeof *l);
	if (!l)
		return CAIRO_STATUS_NO_MEMORY;
	cairo_surface_t *s = cairo_pdf_surface_create_for_stream(write_cb, f, A4_W, A4_H);
	cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_CREATE_DATE, PDF_DATE);
	cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_MOD_DATE, PDF_DATE);
	cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_CREATOR, "maat");
	cairo_t *cr = cairo_create(s);
	for (int i = 0; i < n && !sig_held_pending(); i += per) {
		if (per > 1) {
			pdf_page(ctx, cr, d + i, n - i < per ? n - i : per, per, o, l);
			continue;
		}
		render_layout(ctx, &d[i], o, l);
		cairo_pdf_surface_set_size(s, l->width, l->height);
		render_draw(ctx, cr, &d[i], l, o);
		cairo_show_page(cr);
	}
	cairo_destroy(cr);
	cairo_surface_finish(s);
	cairo_status_t st = cairo_surface_status(s);
	cairo_surface_destroy(s);
	free(l);
	return st;
}

int render_write(struct render_ctx *ctx, const struct diagram *d, int n,
                 const struct render_opts *o, const char *path, char *err, size_t errlen)
{
	char tmp[4096 + 64];
	if (n < 1) {
		snprintf(err, errlen, "%s: no diagrams to write", path);
		return -1;
	}
	if (n > 1 && o->format != RENDER_PDF) {
		snprintf(err, errlen, "%s: %d diagrams need a .pdf or a directory (-o DIR/)", path,
		         n);
		return -1;
	}
	/* Ctrl-C now would leave the temporary file: it waits until the file
	   is renamed or removed (an interrupted file is removed). */
	struct sig_hold held;
	sig_hold(&held);
	FILE *f = open_temp(path, tmp, sizeof tmp, err, errlen);
	if (!f) {
		sig_release(&held);
		return -1;
	}
	cairo_status_t st = o->format == RENDER_PNG   ? write_png(ctx, d, o, f)
	                    : o->format == RENDER_SVG ? write_svg(ctx, d, o, f)
	                                              : write_pdf(ctx, d, n, o, f);
	int rc = 0;
	if (st != CAIRO_STATUS_SUCCESS) {
		snprintf(err, errlen, "cannot write %s: %s", path,
		         st == CAIRO_STATUS_WRITE_ERROR ? strerror(errno)
		                                        : cairo_status_to_string(st));
		rc = -1;
	}
	if (fclose(f) != 0 && rc == 0) {
		snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
		rc = -1;
	}
	if (rc == 0 && sig_held_pending()) {
		snprintf(err, errlen, "%s: interrupted", path);
		rc = -1;
	}
	if (rc == 0 && rename(tmp, path) != 0) {
		snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
		rc = -1;
	}
	if (rc != 0)
		unlink(tmp);
	sig_release(&held); /* an interrupted process ends here */
	return rc;
}
