/*
** fuzz_drawtext.c -- every string a diagram draws, from any bytes: the
** input is cut at NUL bytes into a title, two authors, a source, an award,
** a claimed solution, a twin, a comment, a booklet title, a proved
** solution and a reason a puzzle is not drawn; they go into a puzzle file
** (as YAML double-quoted scalars: escapes let noncharacters and controls
** through the loader, as "\uFFFE" in a real file does) and into what the
** solver would have found, and the collection is written as PNG, SVG, a
** PDF booklet with its solutions, and LaTeX, through render_write().
**
** Invariants (issue 23, item 2: a noncharacter put cairo in an error
** state, and a booklet of three puzzles came out as one page, exit 0):
**   - every file is written (render_write 0), the measuring context is
**     never in error;
**   - the SVG is UTF-8 without U+FFFE, U+FFFF or a C0 control XML forbids;
**   - the PDF has a page per diagram and the solutions' page(s), and ends
**     in %%EOF; the LaTeX source holds no raw control character.
*/
#include <stdbool.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/textsafe.h"
#include "fuzz.h"
#include "input/load.h"
#include "output/puzzle_write.h"
#include "render/render.h"
#include "render/context.h"

/* half the mutations stretch a token, and the dictionary (drawtext.dict)
   holds the noncharacters, controls and bidi marks */
FUZZ_STRETCHING_MUTATOR

static struct render_ctx *ctx;
static char dir[64];

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	char err[256];
	ctx = render_ctx_new(NULL, err, sizeof err);
	if (!ctx) {
		fprintf(stderr, "fuzz_drawtext: %s\n", err);
		abort();
	}
	snprintf(dir, sizeof dir, "/tmp/maat-fuzz-drawtext.XXXXXX");
	if (!mkdtemp(dir))
		abort();
	return 0;
}

/* The file at path, whole (malloc'd, NUL-terminated), or NULL. */
static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	struct stat st;
	char *buf = NULL;
	if (fstat(fileno(f), &st) == 0 && (buf = malloc((size_t)st.st_size + 1))) {
		*len = fread(buf, 1, (size_t)st.st_size, f);
		buf[*len] = 0;
	}
	fclose(f);
	return buf;
}

static void check_svg(const char *path)
{
	size_t n = 0;
	char *s = slurp(path, &n);
	if (!s)
		FUZZ_FAIL("SVG %s not there", path);
	for (size_t i = 0; i < n;) {
		size_t k = text_char(s + i, n - i);
		if (k == 0)
			FUZZ_FAIL("SVG: a byte that is not UTF-8 at %zu", i);
		const unsigned char *u = (const unsigned char *)s + i;
		if (k == 1 && u[0] < 0x20 && u[0] != '\n' && u[0] != '\t' && u[0] != '\r')
			FUZZ_FAIL("SVG: control character 0x%02x at %zu (XML forbids it)", u[0], i);
		if (k == 3 && u[0] == 0xEF && u[1] == 0xBF && (u[2] == 0xBE || u[2] == 0xBF))
			FUZZ_FAIL("SVG: U+FFF%c at %zu (XML forbids it)", u[2] == 0xBE ? 'E' : 'F',
			          i);
		i += k;
	}
	free(s);
}

/* memmem is GNU's, and the build asks for POSIX only */
static const char *find(const char *s, size_t n, const char *what, size_t k)
{
	for (size_t i = 0; i + k <= n; i++)
		if (!memcmp(s + i, what, k))
			return s + i;
	return NULL;
}

static void check_pdf(const char *path, int diagrams)
{
	size_t n = 0;
	char *s = slurp(path, &n);
	if (!s)
		FUZZ_FAIL("PDF %s not there", path);
	int pages = 0;
	for (const char *p = s; (p = find(p, n - (size_t)(p - s), "/Type /Page", 11)); p += 11)
		pages += p[11] != 's';
	/* one diagram a page, then the solutions on a page or more */
	if (pages < diagrams + 1)
		FUZZ_FAIL("PDF: %d pages for %d diagrams and the solutions", pages, diagrams);
	if (n < 6 || !find(s + (n > 32 ? n - 32 : 0), n > 32 ? 32 : n, "%%EOF", 5))
		FUZZ_FAIL("PDF: no %%%%EOF at its end");
	free(s);
}

static void check_tex(const char *path)
{
	size_t n = 0;
	char *s = slurp(path, &n);
	if (!s)
		FUZZ_FAIL("LaTeX %s not there", path);
	for (size_t i = 0; i < n; i++)
		if (((unsigned char)s[i] < 0x20 && s[i] != '\n') || s[i] == 0x7f)
			FUZZ_FAIL("LaTeX: raw control character 0x%02x at %zu", (unsigned char)s[i],
			          i);
	free(s);
}

/* false when the layout was refused (nothing written) */
static bool write_one(const struct diagram *d, int n, struct render_opts *o, const char *ext)
{
	/* the message quotes the file's name whole, which the harness makes up
	   to 64 KiB long: a buffer that holds it all */
	static char err[4 * 65536 + 1024];
	char path[128];
	snprintf(path, sizeof path, "%s/out.%s", dir, ext);
	unlink(path);
	if (render_write(ctx, d, n, o, path, err, sizeof err) != 0) {
		/* a booklet whose caption no legible type fits is refused, with
		   nothing written (issue 24, part 1): a refusal, not a broken file */
		if (!strstr(err, "(nothing written)"))
			FUZZ_FAIL("render_write %s: %s", ext, err);
		if (access(path, F_OK) == 0)
			FUZZ_FAIL("render_write %s refused, but wrote %s", ext, path);
		return false;
	}
	if (ctx->failed != CAIRO_STATUS_SUCCESS ||
	    cairo_status(ctx->fonts.measure) != CAIRO_STATUS_SUCCESS)
		FUZZ_FAIL("the measuring context is in error: %s",
		          cairo_status_to_string(cairo_status(ctx->fonts.measure)));
	return true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* the fields, cut at NUL bytes */
	enum {
		TITLE,
		AUTHOR1,
		AUTHOR2,
		SOURCE,
		AWARD,
		CLAIM,
		TWIN,
		COMMENT,
		BOOK,
		PROVED,
		REASON,
		NFIELDS
	};
	const char *field[NFIELDS];
	char *text = malloc(size + 1);
	if (!text)
		abort();
	memcpy(text, data, size);
	text[size] = 0;
	for (int k = 0, at = 0; k < NFIELDS; k++) {
		field[k] = text + at;
		at += (int)strlen(text + at);
		if ((size_t)at < size)
			at++;
	}

	/* a puzzle file with them (a second puzzle without, so that the PDF
	   has pages after the first) */
	char *yaml = NULL;
	size_t ylen = 0;
	FILE *y = open_memstream(&yaml, &ylen);
	if (!y)
		abort();
	fputs("title: ", y);
	yaml_write_quoted(y, field[TITLE]);
	fputs("\nauthors: [", y);
	yaml_write_quoted(y, field[AUTHOR1]);
	fputs(", ", y);
	yaml_write_quoted(y, field[AUTHOR2]);
	fputs("]\nsource: {name: ", y);
	yaml_write_quoted(y, field[SOURCE]);
	fputs(", date: \"1901\"}\naward: {distinction: ", y);
	yaml_write_quoted(y, field[AWARD]);
	fputs("}\nfen: \"7k/8/6K1/8/8/8/8/R7 w - - 0 1\"\nstipulation: \"#1\"\nsolution: ", y);
	yaml_write_quoted(y, field[CLAIM]);
	fputs("\ntwins: {b: \"Move a1 a2\", c: ", y);
	yaml_write_quoted(y, field[TWIN]);
	fputs("}\ncomments: [", y);
	yaml_write_quoted(y, field[COMMENT]);
	fputs("]\n---\nfen: \"7k/8/6K1/8/8/8/8/R7 w - - 0 1\"\nstipulation: \"#1\"\n", y);
	fclose(y);

	struct collection c;
	struct load_opts lo = {0};
	if (input_load_buffer(field[REASON][0] ? field[REASON] : "f.yaml", yaml, ylen, &lo, &c) !=
	    0) {
		free(yaml);
		free(text);
		return 0;
	}
	free(yaml);

	struct diagram d[3];
	struct render_proof proof = {.solved = true, .sound = false, .key = MOVE_NONE};
	proof.solution = (char *)field[PROVED];
	proof.verdict = (char *)field[AWARD]; /* whole: a picture's line cuts it */
	struct render_opts o;
	memset(&o, 0, sizeof o);
	int n = 0;
	for (int i = 0; i < c.count && n < 2; i++) {
		char err[512];
		if (!c.items[i].has_position)
			continue; /* a field the loader refused: the rest still goes */
		o.format = RENDER_PDF;
		if (render_diagram_build_proved(ctx, &c.items[i], i == 0 ? &proof : NULL, n + 1, &o,
		                                &d[n], err, sizeof err) < 0)
			FUZZ_FAIL("render_diagram_build: %s", err);
		n++;
	}
	/* and one that is not drawn, with the reason (the file name's place) */
	if (c.count > 0) {
		render_diagram_skipped(&c.items[0], n + 1, field[REASON], &d[n]);
		n++;
	}

	if (n > 1) {
		/* PNG and SVG: one each, the first diagram */
		o.format = RENDER_PNG;
		o.snap = true;
		o.size = 120;
		write_one(d, 1, &o, "png");
		o.format = RENDER_SVG;
		o.snap = false;
		o.size = 0;
		char path[128];
		snprintf(path, sizeof path, "%s/out.svg", dir);
		if (write_one(d, 1, &o, "svg"))
			check_svg(path);
		/* a booklet of all, one a page, with the solutions */
		memset(&o, 0, sizeof o);
		o.format = RENDER_PDF;
		o.booklet = true;
		o.per_page = 1;
		o.solutions = true;
		o.solved = true;
		o.title = field[BOOK];
		snprintf(path, sizeof path, "%s/out.pdf", dir);
		if (write_one(d, n, &o, "pdf"))
			check_pdf(path, n);
		o.format = RENDER_TEX;
		snprintf(path, sizeof path, "%s/out.tex", dir);
		if (write_one(d, n, &o, "tex"))
			check_tex(path);
	}
	collection_free(&c);
	free(text);
	return 0;
}
