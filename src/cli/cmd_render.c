/*
** cmd_render.c -- maat render: diagrams of puzzle files or of one position.
**
**   maat render FILE... -o OUT.{png,svg,pdf,tex} [options]
**   maat render --game G --position STR [--rule N=V]... -o OUT [options]
**
** Everything is read and checked first (fonts, every puzzle, --mark), the
** solver runs where the output needs it (C+, --arrow key, --key,
** --solutions); only then is anything written, each file atomically.
** Several diagrams go into one PDF or LaTeX file, or one file each into a
** directory (-o DIR/): DIR/FILEBASE-NN.EXT.  (There each file is atomic on
** its own: should the disk fill up half-way, the files already written
** stay, complete.)  A puzzle that cannot be drawn (no position, a fairy
** piece) is listed in its place with the reason, and the exit status is 1.
*/
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/interrupt.h"
#include "base/textsafe.h"
#include "cli/cli.h"
#include "cli/render_solve.h"
#include "judge/batch.h"
#include "render/render.h"

struct args {
	const char *out, *size, *font_dir, *title;
	int dpi; /* 0: not given */
	const char *game, *position, *stip, *solution;
	struct cli_list rules;
	int format; /* -1: from the output's name */
	/* indices of the names, copied into o; -1: not given */
	int style, arrows, theme, date_style, paper;
	bool solve;
	double max_seconds;
	int tries;     /* --tries K; -1: not given */
	bool set_play; /* --set-play */
	char **files;
	int nfiles;
	struct render_opts o;
};

/* One puzzle and where its diagram goes. */
struct item {
	const struct puzzle *p;
	int in_file; /* puzzles in its file */
	int number;
	struct render_proof proof;
	const char *skip; /* why it cannot be drawn, or NULL */
	char skip_buf[RENDER_LINE];
};

/* The choices in the order of the enums of render.h ("classic" is the
   old name of the print theme). */
#define CLI_ARGS struct args
static const struct cli_opt render_opts[] = {
    CLI_TEXT_ROW("--output", "-o", out, "OUT",
                 "OUT.png, OUT.svg, OUT.pdf, OUT.tex, or a directory DIR/ for one file each"),
    CLI_CHOICE_ROW("--format", format, "png|svg|pdf|tex",
                   "the files' format in a directory (default png)"),
    CLI_TEXT_ROW("--size", NULL, size, "N|Npx|Nmm|Ncm|Nin|Npt",
                 "the board's size (PNG: a length at --dpi)"),
    CLI_INT_ROW(
        "--dpi", NULL, dpi, 36, 2400, "N",
        "a PNG's resolution: a --size in a length and the caption set for print (default 300 "
        "with a length)"),
    CLI_CHOICE_ROW("--style", style, "print|web|grey", "the look (default print)"),
    CLI_CHOICE_ROW("--theme", theme, "seed|print|classic",
                   "the tafl men's colours (default: print for PDF and LaTeX, else seed)"),
    CLI_FLAG_ROW("--coords", o.coords, "file letters and rank numbers"),
    CLI_FLAG_ROW("--flip", o.flip, "the board seen from the second player"),
    CLI_FLAG_ROW("--no-caption", o.no_caption, "no title, authors, source or stipulation"),
    CLI_CHOICE_ROW("--date-style", date_style, "numeric|iso|roman|long|year",
                   "dates as the source prints them (default numeric: 3/1859, 16.8.1894)"),
    CLI_CHOICE_ROW("--arrow", arrows, "none|key|solution|claimed",
                   "the key maat proved, the file's main line or its claimed key (default none)"),
    CLI_FLAG_ROW("--key", o.show_key, "a Key: line, the key maat proved"),
    CLI_FLAG_ROW("--solve", solve, "solve every problem first: C+ on those proved sound"),
    CLI_NUM_ROW(CLI_SECONDS, "--max-time", NULL, max_seconds, 0, 1000000, "S",
                "give up solving a problem after S seconds (default 60, as verify; 0: no limit)"),
    CLI_TEXT_ROW("--mark", NULL, o.marks, "SQ,...", "squares to highlight"),
    CLI_FLAG_ROW("--transparent", o.transparent, "no background"),
    CLI_INT_ROW("--per-page", NULL, o.per_page, 1, 64, "N", "a PDF booklet, N diagrams a page"),
    CLI_CHOICE_ROW("--paper", paper, "a4|letter|a5", "a booklet's paper (default a4)"),
    CLI_TEXT_ROW("--title", NULL, title, "TEXT", "a booklet's title, on every page"),
    CLI_FLAG_ROW("--solutions", o.solutions, "the solutions at the end (PDF booklet, LaTeX)"),
    CLI_INT_ROW("--tries", NULL, tries, 0, ANALYSIS_MAX_REFS, "K",
                "the solutions' tries, those refuted by at most K defences (default: where "
                "the file asks)"),
    CLI_FLAG_ROW("--set-play", set_play,
                 "the solutions' set play, also where the file does not ask for it"),
    CLI_TEXT_ROW("--font-dir", NULL, font_dir, "DIR", "where FreeSerif is"),
    CLI_TEXT_ROW("--game", NULL, game, "G", "draw a position instead of files"),
    CLI_TEXT_ROW("--position", NULL, position, "STR",
                 "the position of --game (default: the start)"),
    CLI_LIST_ROW("--rule", rules, "NAME=VALUE", "a rule option, for --game"),
    CLI_TEXT_ROW("--stip", NULL, stip, "STIP", "the stipulation under --game's board"),
    CLI_TEXT_ROW("--solution", NULL, solution, "TEXT",
                 "the solution of --game's position, for --arrow"),
};
#undef CLI_ARGS

const struct cli_spec render_spec = {"render", "FILE... -o OUT | --game G [--position STR] -o OUT",
                                     "draw diagrams", render_opts, CLI_NOPTS(render_opts)};

static int parse_args(int argc, char **argv, struct args *a)
{
	a->format = a->theme = a->paper = -1;
	a->files = argv + 1;
	int pr = cli_parse(&render_spec, argc, argv, a, a->files, &a->nfiles);
	if (pr)
		return pr;
	a->o.style = (enum render_style)a->style;
	a->o.arrows = (enum render_arrows)a->arrows;
	a->o.date_style = (enum render_date)a->date_style;
	a->o.paper = a->paper >= 0 ? (enum render_paper)a->paper : PAPER_A4;
	a->o.title = a->title;
	return 0;
}

static bool is_dir_target(const char *out)
{
	struct stat st;
	size_t n = strlen(out);
	return (n && out[n - 1] == '/') || (stat(out, &st) == 0 && S_ISDIR(st.st_mode));
}

/* Output format and mode; the size once the unit is known; options that
   only some formats take. */
static int resolve_output(struct args *a, bool *dir)
{
	static const char *const formats[] = {"png", "svg", "pdf", "tex"};
	if (!a->out) {
		cli_error("render: no output: give -o OUT.png, OUT.svg, OUT.pdf, OUT.tex or DIR/");
		return -1;
	}
	*dir = is_dir_target(a->out);
	if (*dir) {
		a->o.format = a->format >= 0 ? (enum render_format)a->format : RENDER_PNG;
	} else if (render_format_from_path(a->out, &a->o.format) < 0) {
		cli_error("render: %s: unknown output type (use .png, .svg, .pdf or .tex, or DIR/)",
		          a->out);
		return -1;
	} else if (a->format >= 0 && a->format != (int)a->o.format) {
		cli_error("render: --format %s does not match %s", formats[a->format], a->out);
		return -1;
	}
	enum render_format f = a->o.format;
	bool book = f == RENDER_PDF || f == RENDER_TEX;
	if (a->o.per_page && f != RENDER_PDF) {
		cli_error("render: --per-page is for PDF output");
		return -1;
	}
	/* what the solutions print: nothing else of render reads them */
	if ((a->tries >= 0 || a->set_play) && !a->o.solutions) {
		cli_error("render: %s chooses what the solutions print: give --solutions too",
		          a->tries >= 0 ? "--tries" : "--set-play");
		return -1;
	}
	if ((a->o.solutions || a->o.title || a->paper >= 0) && (!book || *dir)) {
		cli_error("render: %s is for one PDF or LaTeX file", a->o.solutions ? "--solutions"
		                                                     : a->o.title   ? "--title"
		                                                                    : "--paper");
		return -1;
	}
	/* a booklet: pages of paper with numbers, a title, the solutions */
	a->o.booklet =
	    f == RENDER_PDF && (a->o.per_page || a->o.solutions || a->o.title || a->paper >= 0);
	if (a->o.booklet && !a->o.per_page)
		a->o.per_page = 1;
	/* one look for the whole output; PDF and LaTeX are for print */
	a->o.theme = a->theme == 0  ? THEME_SEED
	             : a->theme > 0 ? THEME_CLASSIC
	             : book         ? THEME_CLASSIC
	                            : THEME_SEED;
	a->o.snap = f == RENDER_PNG;
	if (a->dpi && f != RENDER_PNG) {
		cli_error("render: --dpi is for PNG (SVG, PDF and LaTeX are drawn in lengths)");
		return -1;
	}
	if (a->size) {
		char err[256];
		if (f == RENDER_TEX) {
			cli_error(
			    "render: --size is not for LaTeX (the diagram package sets its size)");
			return -1;
		}
		if (render_parse_size(a->size, f, a->dpi, &a->o.size, &a->o.snap, err, sizeof err) <
		    0) {
			cli_error("render: %s", err);
			return -1;
		}
		/* a PNG of a length: at a resolution, set for print */
		char *end;
		strtod(a->size, &end);
		if (f == RENDER_PNG && *end && strcmp(end, "px") != 0)
			a->o.dpi = a->dpi ? a->dpi : RENDER_PRINT_DPI;
	}
	if (f == RENDER_PNG && a->dpi) {
		a->o.dpi = a->dpi;
		if (!a->size) /* the print board, 45 mm, at that resolution */
			a->o.size = render_default_size(RENDER_PDF) * a->dpi / 72;
	}
	return 0;
}

/* "dir/" + "puzzles/loyd-1858.yaml" #3 -> "dir/loyd-1858-03.png"; false
   when it does not fit (cut, it names another file) */
static bool item_path(const char *dir, const char *file, int index, enum render_format f, char *out,
                      size_t len)
{
	static const char *const ext[] = {"png", "svg", "pdf", "tex"};
	const char *base = file ? strrchr(file, '/') : NULL;
	base = base ? base + 1 : file ? file : "position";
	const char *dot = strrchr(base, '.');
	int n = dot && dot != base ? (int)(dot - base) : (int)strlen(base);
	size_t dl = strlen(dir);
	int w = snprintf(out, len, "%s%s%.*s-%02d.%s", dir, dl && dir[dl - 1] == '/' ? "" : "/", n,
	                 base, index, ext[f]);
	return w >= 0 && (size_t)w < len;
}

static int write_all(struct render_ctx *ctx, const struct args *a, bool dir,
                     const struct item *items, const struct diagram *d, int n)
{
	char err[512];
	if (!dir) {
		bool many = a->o.format == RENDER_PDF || a->o.format == RENDER_TEX;
		if (n > 1 && !many) {
			cli_error("render: %d diagrams: write them to a .pdf or .tex, or to a "
			          "directory (-o DIR/)",
			          n);
			return -1;
		}
		if (!many && d[0].skipped) {
			cli_error("render: %s", d[0].reason);
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
		if (!item_path(a->out, items[i].p->file,
		               items[i].p->index > 0 ? items[i].p->index : i + 1, a->o.format,
		               paths[i], sizeof paths[i])) {
			cli_error(
			    "render: %s: the path of the diagram of %s would be longer than %zu "
			    "bytes (nothing written)",
			    a->out, items[i].p->file ? items[i].p->file : "the position",
			    sizeof paths[i] - 1);
			rc = -1;
			break;
		}
		for (int j = 0; j < i; j++)
			if (!strcmp(paths[i], paths[j])) {
				cli_error("render: two diagrams would both be written to %s",
				          paths[i]);
				rc = -1;
			}
	}
	for (int i = 0; i < n && rc == 0; i++)
		if (!d[i].skipped &&
		    render_write(ctx, &d[i], 1, &a->o, paths[i], err, sizeof err) < 0) {
			cli_error("render: %s", err);
			rc = -1;
		}
	free(paths);
	return rc;
}

/* Why p cannot be drawn, or NULL when it can; *status: what that makes
   the exit status (a malformed puzzle is bad input, one maat cannot draw
   yet only skipped). */
static const char *undrawable(struct item *it, int *status)
{
	const struct puzzle *p = it->p;
	/* a position maat holds, or the men of a fairy problem: drawn (the
	   solver says unsupported for the latter) */
	if (render_drawable(p) && p->game && p->game->get_setup)
		return NULL;
	*status = p->error ? EXIT_INPUT : *status > EXIT_UNSOUND ? *status : EXIT_UNSOUND;
	if (p->error)
		return p->error;
	snprintf(it->skip_buf, sizeof it->skip_buf, "%s:%d: %s%s", p->file ? p->file : "-", p->line,
	         p->unsupported ? "not supported: " : "no position",
	         p->unsupported ? p->unsupported : "");
	return it->skip_buf;
}

/* Does the output need maat's solver? */
static bool needs_solver(const struct args *a)
{
	return a->solve || a->o.solutions || a->o.show_key || a->o.arrows == ARROWS_KEY;
}

/* The solver on every drawable puzzle, one table for all. */
/* Solve what the diagrams show (--solve, --solutions, --key, --arrow key).
   Ctrl-C meanwhile ends the search: nothing is drawn or written, and the
   puzzle it was solving is said (maat died by the signal with nothing
   said); -1 then, with *interrupted set. */
static int solve_all(const struct args *a, struct item *items, int n, bool dir, bool *interrupted)
{
	struct tt tt;
	if (tt_init(&tt, TT_DEFAULT_MB) < 0) {
		cli_table_error(TT_DEFAULT_MB);
		return -1;
	}
	struct interrupt_catch ic;
	interrupt_clear();
	interrupt_catch(&ic, false, true);
	int rc = 0;
	struct render_solve_opts so = {.max_seconds = a->max_seconds,
	                               .tries = a->tries,
	                               .set_play = a->set_play,
	                               .stop = interrupt_flag()};
	for (int i = 0; i < n && rc == 0; i++) {
		if (items[i].skip)
			continue;
		if (render_solve(items[i].p, &so, &tt, &items[i].proof) < 0) {
			cli_error("out of memory");
			rc = -1;
		} else if (interrupt_signal()) {
			char *label = cli_label(items[i].p, items[i].in_file);
			cli_error("render: interrupted while solving %s: nothing written%s",
			          label ? label : items[i].p->file,
			          dir ? "" : " (the file is as it was)");
			free(label);
			*interrupted = true;
			rc = -1;
		}
	}
	interrupt_release(&ic);
	tt_free(&tt);
	return rc;
}

/* Build every diagram before writing any; a puzzle that cannot be drawn
   becomes a placeholder that says why. */
static int build_all(struct render_ctx *ctx, const struct args *a, struct item *items,
                     struct diagram *d, int n)
{
	for (int i = 0; i < n; i++) {
		const struct puzzle *p = items[i].p;
		char err[512];
		if (items[i].skip) {
			render_diagram_skipped(p, items[i].number, items[i].skip, &d[i]);
			continue;
		}
		/* The board could be read: draw it, and say what else was wrong. */
		if (p->error)
			text_fprintf(stderr, "maat: render: warning: %s (drawn anyway)\n",
			             p->error);
		if (render_diagram_build_proved(ctx, p, &items[i].proof, items[i].number, &a->o,
		                                &d[i], err, sizeof err) < 0) {
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
	p->file = "(command line)";
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
	a.max_seconds = -1; /* not given */
	a.tries = -1;
	int pr = parse_args(argc, argv, &a);
	if (pr)
		return CLI_EXIT(pr);
	/* --solve, --solutions, --key, --arrow key: verify's limit (one h#20
	   hung a booklet) */
	if (a.max_seconds < 0)
		a.max_seconds = CLI_MAX_TIME;
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
	int rc = EXIT_INPUT, n = 0, skipped = 0;
	size_t cap = 0; /* items' slots, and so the diagrams' */
	struct batch b;
	struct puzzle *single = NULL;
	struct item *items = NULL;
	struct diagram *d = NULL;
	memset(&b, 0, sizeof b);
	if (a.game) {
		single = position_puzzle(&a);
		if (!single)
			goto done;
		cap = 1;
		items = calloc(cap, sizeof *items);
		if (!items)
			goto oom;
		items[n++].p = single;
	} else {
		if (batch_load(&b, a.files, a.nfiles, NULL) < 0)
			goto oom;
		if (batch_interrupted(&b)) {
			/* Ctrl-C while reading: nothing is drawn, and it is said */
			cli_error("render: interrupted while reading the files: nothing written%s",
			          dir ? "" : " (the file is as it was)");
			rc = EXIT_INTERRUPTED;
			goto done;
		}
		if (b.load_errors)
			goto done;
		if (!dir && cli_output_is_input("render", &b, a.out))
			goto done;
		if (batch_unread(&b)) {
			cli_error(
			    "render: the puzzles of these files take more than %zu MB once read "
			    "(a quarter of the memory): draw them in smaller batches",
			    batch_load_budget() >> 20);
			goto done;
		}
		cap = (size_t)b.total + 1;
		items = calloc(cap, sizeof *items);
		if (!items)
			goto oom;
		for (int f = 0; f < b.nfiles; f++)
			for (int i = 0; i < b.files[f].count; i++) {
				items[n].in_file = b.files[f].count;
				items[n++].p = &b.files[f].items[i];
			}
		if (n == 0) {
			cli_error("render: no puzzles in %s%s", a.files[0],
			          a.nfiles > 1 ? "..." : "");
			goto done;
		}
	}
	/* numbers run across a booklet or LaTeX file; in a directory of files
	   each is numbered in its own puzzle file, as the file names are */
	int skip_status = EXIT_OK;
	/* a booklet numbers its one diagram too: its solution is "1." */
	bool booklet = a.o.booklet || (a.o.format == RENDER_TEX && a.o.solutions);
	for (int i = 0; i < n; i++) {
		items[i].number = !dir && (n > 1 || booklet)    ? i + 1
		                  : dir && items[i].in_file > 1 ? items[i].p->index
		                                                : 0;
		items[i].skip = undrawable(&items[i], &skip_status);
		skipped += items[i].skip != NULL;
	}
	if (skipped == n) {
		/* nothing to draw: nothing is written */
		for (int i = 0; i < n; i++) {
			char clean[RENDER_LINE];
			render_copy_text(clean, sizeof clean, items[i].skip);
			cli_error("render: %s", clean);
		}
		goto done;
	}
	a.o.solved = needs_solver(&a);
	bool interrupted = false;
	if (a.o.solved && solve_all(&a, items, n, dir, &interrupted) < 0) {
		if (interrupted)
			rc = EXIT_INTERRUPTED;
		goto done;
	}
	d = calloc(cap, sizeof *d);
	if (!d)
		goto oom;
	if (build_all(ctx, &a, items, d, n) < 0 || write_all(ctx, &a, dir, items, d, n) < 0)
		goto done;
	rc = EXIT_OK;
	if (skipped) {
		fprintf(stderr, "maat: render: %d of %d puzzles not drawn%s:\n", skipped, n,
		        dir ? "" : " (listed in their place)");
		for (int i = 0; i < n; i++)
			if (items[i].skip)
				text_fprintf(stderr, "  %s\n", items[i].skip); /* whole, as read */
		rc = skip_status;
	}
	goto done;
oom:
	cli_error("out of memory");
done:
	for (int i = 0; items && i < n; i++)
		render_proof_free(&items[i].proof);
	free(d);
	free(items);
	free(single);
	batch_free(&b);
	render_ctx_free(ctx);
	return rc;
}
