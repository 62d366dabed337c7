/*
** cmd_render.c -- maat render: diagrams of puzzle files or of one position.
**
**   maat render FILE... -o OUT.{png,svg,pdf} [options]
**   maat render --game G --position STR [--rule N=V]... -o OUT [options]
**
** Everything is read and checked first (fonts, every puzzle, --mark); only
** then is anything written, each file atomically.  Several diagrams go into
** one PDF, or one file each into a directory (-o DIR/): DIR/FILEBASE-NN.EXT.
** (There each file is atomic on its own: should the disk fill up half-way,
** the files already written stay, complete.)
*/
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "batch.h"
#include "cli.h"
#include "render.h"
#include "textsafe.h"

struct args {
	const char *out, *size, *font_dir;
	const char *game, *position, *stip, *solution;
	struct cli_list rules;
	int format;               /* -1: from the output's name */
	int style, arrows, theme; /* indices of the names, copied into o */
	char **files;
	int nfiles;
	struct render_opts o;
};

/* One drawable puzzle and where its diagram goes. */
struct item {
	const struct puzzle *p;
	int number;
};

/* The choices in the order of the enums of render.h. */
#define A(f) offsetof(struct args, f)
static const struct cli_opt render_opts[] = {
    {"--output", "-o", CLI_TEXT, A(out), 0, 0, "OUT",
     "OUT.png, OUT.svg, OUT.pdf, or a directory DIR/ for one file each"},
    {"--format", NULL, CLI_CHOICE, A(format), 0, 0, "png|svg|pdf",
     "the files' format in a directory (default png)"},
    {"--size", NULL, CLI_TEXT, A(size), 0, 0, "N|Nmm|Npt", "the board's size"},
    {"--style", NULL, CLI_CHOICE, A(style), 0, 0, "print|web|grey", "the look (default print)"},
    {"--coords", NULL, CLI_FLAG, A(o.coords), 0, 0, NULL, "file letters and rank numbers"},
    {"--flip", NULL, CLI_FLAG, A(o.flip), 0, 0, NULL, "the board seen from the second player"},
    {"--no-caption", NULL, CLI_FLAG, A(o.no_caption), 0, 0, NULL,
     "no title, authors, source or stipulation"},
    {"--arrow", NULL, CLI_CHOICE, A(arrows), 0, 0, "none|key|solution",
     "arrows of the claimed solution (default none)"},
    {"--mark", NULL, CLI_TEXT, A(o.marks), 0, 0, "SQ,...", "squares to highlight"},
    {"--transparent", NULL, CLI_FLAG, A(o.transparent), 0, 0, NULL, "no background"},
    {"--theme", NULL, CLI_CHOICE, A(theme), 0, 0, "seed|classic", "the men's drawings"},
    {"--per-page", NULL, CLI_INT, A(o.per_page), 1, 64, "N", "diagrams on a PDF page"},
    {"--font-dir", NULL, CLI_TEXT, A(font_dir), 0, 0, "DIR", "where FreeSerif is"},
    {"--game", NULL, CLI_TEXT, A(game), 0, 0, "G", "draw a position instead of files"},
    {"--position", NULL, CLI_TEXT, A(position), 0, 0, "STR",
     "the position of --game (default: the start)"},
    {"--rule", NULL, CLI_LIST, A(rules), 0, 0, "NAME=VALUE", "a rule option, for --game"},
    {"--stip", NULL, CLI_TEXT, A(stip), 0, 0, "STIP", "the stipulation under --game's board"},
    {"--solution", NULL, CLI_TEXT, A(solution), 0, 0, "TEXT",
     "the solution of --game's position, for --arrow"},
};
#undef A

const struct cli_spec render_spec = {
    "render", "FILE... -o OUT | --game G [--position STR] -o OUT", "draw diagrams", render_opts,
    CLI_NOPTS(render_opts)};

static int parse_args(int argc, char **argv, struct args *a)
{
	a->format = -1;
	a->files = argv + 1;
	int pr = cli_parse(&render_spec, argc, argv, a, a->files, &a->nfiles);
	if (pr)
		return pr;
	a->o.style = (enum render_style)a->style;
	a->o.arrows = (enum render_arrows)a->arrows;
	a->o.theme = (enum render_theme)a->theme;
	return 0;
}

static bool is_dir_target(const char *out)
{
	struct stat st;
	size_t n = strlen(out);
	return (n && out[n - 1] == '/') || (stat(out, &st) == 0 && S_ISDIR(st.st_mode));
}

/* Output format and mode; the size once the unit is known. */
static int resolve_output(struct args *a, bool *dir)
{
	static const char *const formats[] = {"png", "svg", "pdf"};
	if (!a->out) {
		cli_error("render: no output: give -o OUT.png, OUT.svg, OUT.pdf or DIR/");
		return -1;
	}
	*dir = is_dir_target(a->out);
	if (*dir) {
		a->o.format = a->format >= 0 ? (enum render_format)a->format : RENDER_PNG;
	} else if (render_format_from_path(a->out, &a->o.format) < 0) {
		cli_error("render: %s: unknown output type (use .png, .svg or .pdf, or DIR/)",
		          a->out);
		return -1;
	} else if (a->format >= 0 && a->format != (int)a->o.format) {
		cli_error("render: --format %s does not match %s", formats[a->format], a->out);
		return -1;
	}
	if (a->o.per_page > 1 && a->o.format != RENDER_PDF) {
		cli_error("render: --per-page is for PDF output");
		return -1;
	}
	a->o.snap = a->o.format == RENDER_PNG;
	if (a->size) {
		char err[256];
		if (render_parse_size(a->size, a->o.format, &a->o.size, &a->o.snap, err,
		                      sizeof err) < 0) {
			cli_error("render: %s", err);
			return -1;
		}
	}
	return 0;
}

/* "dir/" + "puzzles/loyd-1858.yaml" #3 -> "dir/loyd-1858-03.png" */
static void item_path(const char *dir, const char *file, int index, enum render_format f, char *out,
                      size_t len)
{
	static const char *const ext[] = {"png", "svg", "pdf"};
	const char *base = file ? strrchr(file, '/') : NULL;
	base = base ? base + 1 : file ? file : "position";
	const char *dot = strrchr(base, '.');
	int n = dot && dot != base ? (int)(dot - base) : (int)strlen(base);
	size_t dl = strlen(dir);
	snprintf(out, len, "%s%s%.*s-%02d.%s", dir, dl && dir[dl - 1] == '/' ? "" : "/", n, base,
	         index, ext[f]);
}

static int write_all(struct render_ctx *ctx, const struct args *a, bool dir,
                     const struct item *items, const struct diagram *d, int n)
{
	char err[512];
	if (!dir) {
		if (n > 1 && a->o.format != RENDER_PDF) {
			cli_error("render: %d diagrams: write them to a .pdf or to a directory "
			          "(-o DIR/)",
			          n);
			return -1;
		}
		if (render_write(ctx, d, n, &a->o, a->out, err, sizeof err) < 0) {
			cli_error("render: %s", err);
			return -1;
		}
		return 0;
	}
	if (mkdir(a->out, 0777) < 0 && errno != EEXIST) {
		cli_error("render: cannot create directory %s: %s", a->out, strerror(errno));
		return -1;
	}
	char(*paths)[4096] = calloc((size_t)n, sizeof *paths);
	if (!paths) {
		cli_error("out of memory");
		return -1;
	}
	int rc = 0;
	for (int i = 0; i < n && rc == 0; i++) {
		item_path(a->out, items[i].p->file,
		          items[i].p->index > 0 ? items[i].p->index : i + 1, a->o.format, paths[i],
		          sizeof paths[i]);
		for (int j = 0; j < i; j++)
			if (!strcmp(paths[i], paths[j])) {
				cli_error("render: two diagrams would both be written to %s",
				          paths[i]);
				rc = -1;
			}
	}
	for (int i = 0; i < n && rc == 0; i++)
		if (render_write(ctx, &d[i], 1, &a->o, paths[i], err, sizeof err) < 0) {
			cli_error("render: %s", err);
			rc = -1;
		}
	free(paths);
	return rc;
}

/* Build every diagram before writing any: a bad puzzle stops the command. */
static int build_all(struct render_ctx *ctx, const struct args *a, const struct item *items,
                     struct diagram *d, int n)
{
	for (int i = 0; i < n; i++) {
		const struct puzzle *p = items[i].p;
		char err[512];
		if (!p->has_position || !p->game) {
			cli_error("render: %s", p->error ? p->error : "puzzle has no position");
			return -1;
		}
		/* The board could be read: draw it, and say what else was wrong. */
		if (p->error)
			text_fprintf(stderr, "maat: render: warning: %s (drawn anyway)\n", p->error);
		if (render_diagram_build(ctx, p, items[i].number, &a->o, &d[i], err, sizeof err) <
		    0) {
			cli_error("render: %s:%d: %s", p->file ? p->file : "-", p->line, err);
			return -1;
		}
	}
	return 0;
}

/* The --game/--position puzzle; the caller frees it with free(). */
static struct puzzle *position_puzzle(struct args *a)
{
	const struct game *g = cli_find_game(a->game);
	if (!g)
		return NULL;
	struct puzzle *p = calloc(1, sizeof *p);
	if (!p) {
		cli_error("out of memory");
		return NULL;
	}
	p->game = g;
	p->index = 1;
	p->solution = (char *)a->solution;
	if (cli_load_position(g, p->pos, a->position, (char **)a->rules.v, a->rules.n) < 0) {
		free(p);
		return NULL;
	}
	p->has_position = true;
	if (a->stip) {
		char err[256];
		if (stip_parse(a->stip, &p->stip, err, sizeof err) == -1) {
			cli_error("render: --stip: %s", err);
			free(p);
			return NULL;
		}
		p->has_stip = true;
	}
	return p;
}

int cmd_render(int argc, char **argv)
{
	struct args a;
	bool dir = false;
	memset(&a, 0, sizeof a);
	a.o.warn = stderr;
	int pr = parse_args(argc, argv, &a);
	if (pr)
		return CLI_EXIT(pr);
	if ((a.nfiles == 0) == (a.game == NULL)) {
		if (a.game)
			cli_error("render: give puzzle files or --game, not both");
		else
			cli_usage(stderr, &render_spec);
		return EXIT_INPUT;
	}
	if (!a.game && (a.position || a.rules.n || a.stip || a.solution)) {
		cli_error("render: --position, --rule, --stip and --solution need --game");
		return EXIT_INPUT;
	}
	if (resolve_output(&a, &dir) < 0)
		return EXIT_INPUT;

	char err[512];
	struct render_ctx *ctx = render_ctx_new(a.font_dir, err, sizeof err);
	if (!ctx) {
		cli_error("render: %s", err);
		return EXIT_INPUT;
	}
	int rc = EXIT_INPUT, n = 0;
	struct batch b;
	struct puzzle *single = NULL;
	struct item *items = NULL;
	struct diagram *d = NULL;
	memset(&b, 0, sizeof b);
	if (a.game) {
		single = position_puzzle(&a);
		if (!single)
			goto done;
		items = calloc(1, sizeof *items);
		if (!items)
			goto oom;
		items[n++].p = single;
	} else {
		if (batch_load(&b, a.files, a.nfiles, NULL) < 0)
			goto oom;
		if (b.load_errors)
			goto done;
		items = calloc((size_t)b.total + 1, sizeof *items);
		if (!items)
			goto oom;
		for (int f = 0; f < b.nfiles; f++)
			for (int i = 0; i < b.files[f].count; i++) {
				struct puzzle *p = &b.files[f].items[i];
				items[n].p = p;
				items[n++].number = b.files[f].count > 1 ? p->index : 0;
			}
		if (n == 0) {
			cli_error("render: no puzzles in %s%s", a.files[0],
			          a.nfiles > 1 ? "..." : "");
			goto done;
		}
	}
	d = calloc((size_t)n, sizeof *d);
	if (!d)
		goto oom;
	if (build_all(ctx, &a, items, d, n) < 0 || write_all(ctx, &a, dir, items, d, n) < 0)
		goto done;
	rc = EXIT_OK;
	goto done;
oom:
	cli_error("out of memory");
done:
	free(d);
	free(items);
	free(single);
	batch_free(&b);
	render_ctx_free(ctx);
	return rc;
}
