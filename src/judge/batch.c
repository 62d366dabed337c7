/*
** batch.c -- collect puzzle files and check them in parallel.
**
** Workers take the next puzzle from a shared counter; the calling thread
** prints results strictly in input order as they become ready, so the
** output is the same whatever the number of threads.
*/
#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "judge/batch.h"
#include "base/interrupt.h"
#include "base/textsafe.h"
#include "solve/search.h"
#include "solve/tt.h"

#define MAX_DEPTH 64 /* directory nesting followed */

/* The names a directory walk reads: YAML, Popeye input, EPD, FEN lines. */
static bool puzzle_file_name(const char *name)
{
	static const char *const ext[] = {".yaml", ".yml", ".olv", ".inp", ".epd", ".fen", NULL};
	const char *dot = strrchr(name, '.');
	for (int i = 0; dot && ext[i]; i++)
		if (!strcmp(dot, ext[i]))
			return true;
	return false;
}

/* A file the walk found: read later, a chunk at a time (load_chunk). */
static int add_file(struct batch *b, const char *path)
{
	if (b->nnames == b->capnames) {
		int cap = b->capnames ? 2 * b->capnames : 64;
		char **v = realloc(b->names, (size_t)cap * sizeof *v);
		if (!v)
			return -1;
		b->names = v;
		b->capnames = cap;
	}
	if (!(b->names[b->nnames] = strdup(path)))
		return -1;
	b->nnames++;
	return 0;
}

static bool selected(const struct batch *b, const struct puzzle *p);

/* The problems of the files loaded now that are this batch's (those
   batch_select chose, of its shard). */
static void count_loaded(struct batch *b)
{
	int nth = b->chunk_first, total = 0;
	for (int f = 0; f < b->nfiles; f++)
		for (int i = 0; i < b->files[f].count; i++)
			for (int t = 0; t < puzzle_problem_count(&b->files[f].items[i]) &&
			                selected(b, &b->files[f].items[i]);
			     t++)
				total += !b->shard_n || nth++ % b->shard_n == b->shard_k;
	b->total = b->total_before + total;
	b->all_loaded = nth;
}

/*
** The next files, as many as the budget of loaded puzzles holds (one at
** least): a file takes some 200 times its size once loaded, and a batch
** may be any number of files.  Returns -1 when out of memory.
*/
static int load_chunk(struct batch *b)
{
	for (int i = 0; i < b->nfiles; i++)
		collection_free(&b->files[i]);
	b->nfiles = 0;
	b->total_before = b->total;
	b->chunk_first = b->all_loaded;
	size_t held = 0;
	while (b->next < b->nnames && (b->nfiles == 0 || held < b->budget)) {
		if (interrupt_signal())
			break;
		if (b->nfiles == b->capfiles) {
			int cap = b->capfiles ? 2 * b->capfiles : 16;
			struct collection *v = realloc(b->files, (size_t)cap * sizeof *v);
			if (!v)
				return -1;
			b->files = v;
			b->capfiles = cap;
		}
		struct collection *c = &b->files[b->nfiles];
		memset(c, 0, sizeof *c);
		if (input_load_file(b->names[b->next], &b->load, c) < 0)
			return -1;
		if (interrupt_signal()) { /* cut short: not read, not counted */
			collection_free(c);
			break;
		}
		b->next++;
		b->nfiles++;
		held += collection_bytes(c);
	}
	count_loaded(b);
	return 0;
}

static int by_name(const void *x, const void *y)
{
	return strcmp(*(char *const *)x, *(char *const *)y);
}

/*
** Every directory read so far, by device and inode: each is read once.  A
** stack of the open ones would stop loops but not a ladder of directories
** each holding two symlinks to the next -- 2^depth walks.
*/
struct visited {
	struct dirid {
		dev_t dev;
		ino_t ino;
		bool used;
	} * slot;
	size_t cap, n;
	int depth;
};

static size_t dir_hash(dev_t dev, ino_t ino, size_t cap)
{
	uint64_t h = ((uint64_t)dev * 0x9E3779B97F4A7C15u) ^ (uint64_t)ino;
	h *= 0xBF58476D1CE4E5B9u;
	return (size_t)(h ^ (h >> 31)) & (cap - 1);
}

/* 1 when (dev, ino) is new (and now recorded), 0 when seen, -1 out of memory. */
static int visit(struct visited *v, dev_t dev, ino_t ino)
{
	if (2 * (v->n + 1) > v->cap) {
		size_t cap = v->cap ? 2 * v->cap : 64;
		struct dirid *slot = calloc(cap, sizeof *slot);
		if (!slot)
			return -1;
		for (size_t i = 0; i < v->cap; i++)
			if (v->slot[i].used) {
				size_t j = dir_hash(v->slot[i].dev, v->slot[i].ino, cap);
				while (slot[j].used)
					j = (j + 1) & (cap - 1);
				slot[j] = v->slot[i];
			}
		free(v->slot);
		v->slot = slot;
		v->cap = cap;
	}
	size_t j = dir_hash(dev, ino, v->cap);
	for (; v->slot[j].used; j = (j + 1) & (v->cap - 1))
		if (v->slot[j].dev == dev && v->slot[j].ino == ino)
			return 0;
	v->slot[j] = (struct dirid){dev, ino, true};
	v->n++;
	return 1;
}

static int add_path(struct batch *b, const char *path, struct visited *v, bool top)
{
	struct stat st;
	if (top && strcmp(path, "-") == 0)
		return add_file(b, path); /* standard input */
	if (interrupt_signal())
		return 0; /* Ctrl-C while the files are found: what was found is checked */
	if (stat(path, &st) < 0) {
		/* whatever cannot be looked at may be a lost directory of puzzles
		   (no permission, a path too long, a symlink loop): an error; a
		   dangling symlink only when it is named like a puzzle file */
		if (top || errno != ENOENT || puzzle_file_name(path)) {
			text_fprintf(stderr, "%s: %s\n", path, strerror(errno));
			b->load_errors++;
		}
		return 0;
	}
	if (!S_ISDIR(st.st_mode)) {
		if (top)
			return add_file(b, path); /* what the user names is read, pipes too */
		if (!puzzle_file_name(path))
			return 0;
		if (!S_ISREG(st.st_mode)) {
			/* a FIFO would block the walk, a device never end */
			text_fprintf(stderr, "%s: not a regular file (skipped)\n", path);
			b->load_errors++;
			return 0;
		}
		return add_file(b, path);
	}
	int seen = visit(v, st.st_dev, st.st_ino);
	if (seen <= 0)
		return seen; /* read already (a symlink loop or a second way in) */
	if (v->depth == MAX_DEPTH) {
		text_fprintf(stderr, "%s: directories nested deeper than %d are not read\n", path,
		             MAX_DEPTH);
		b->load_errors++;
		return 0;
	}
	DIR *d = opendir(path);
	if (!d) {
		text_fprintf(stderr, "%s: %s\n", path, strerror(errno));
		b->load_errors++;
		return 0;
	}
	char **names = NULL;
	int n = 0, rc = 0;
	for (struct dirent *e; (errno = 0, e = readdir(d)) != NULL;) {
		if (e->d_name[0] == '.')
			continue;
		char **p = realloc(names, (size_t)(n + 1) * sizeof *names);
		if (!p || !(p[n] = malloc(strlen(path) + strlen(e->d_name) + 2))) {
			names = p ? p : names;
			rc = -1;
			break;
		}
		names = p;
		sprintf(names[n++], "%s%s%s", path, path[strlen(path) - 1] == '/' ? "" : "/",
		        e->d_name);
	}
	if (rc == 0 && errno) { /* readdir failed: the rest of the directory is lost */
		text_fprintf(stderr, "%s: cannot read the directory: %s\n", path, strerror(errno));
		b->load_errors++;
	}
	closedir(d);
	if (rc == 0) {
		if (n > 0) /* an empty directory: names is NULL, which qsort may not get */
			qsort(names, (size_t)n, sizeof *names, by_name);
		v->depth++;
		for (int i = 0; i < n && rc == 0; i++)
			rc = add_path(b, names[i], v, false);
		v->depth--;
	}
	for (int i = 0; i < n; i++)
		free(names[i]);
	free(names);
	return rc;
}

int batch_load_within(struct batch *b, char **paths, int npaths, const struct load_opts *o,
                      size_t budget)
{
	memset(b, 0, sizeof *b);
	if (o)
		b->load = *o;
	b->budget = budget;
	/* Ctrl-C while the files are found and read: what was read is
	   reported (batch_run then starts nothing) */
	interrupt_clear();
	interrupt_catch(&b->ic, false, false);
	struct visited v = {.n = 0};
	int rc = 0;
	for (int i = 0; i < npaths && rc == 0; i++)
		rc = add_path(b, paths[i], &v, true);
	free(v.slot);
	if (rc == 0)
		rc = load_chunk(b);
	interrupt_release(&b->ic);
	return rc;
}

/* Is the puzzle one of those batch_select() chose? */
static bool selected(const struct batch *b, const struct puzzle *p)
{
	return !b->select || b->select(p, b->select_ctx);
}

void batch_select(struct batch *b, bool (*select)(const struct puzzle *, void *), void *ctx)
{
	b->select = select;
	b->select_ctx = ctx;
	count_loaded(b);
}

size_t batch_load_budget(void)
{
	size_t memory = tt_memory_mb();
	return (memory ? memory / BATCH_LOAD_FRACTION : 1024) << 20;
}

int batch_load(struct batch *b, char **paths, int npaths, const struct load_opts *o)
{
	return batch_load_within(b, paths, npaths, o, batch_load_budget());
}

bool batch_interrupted(const struct batch *b)
{
	(void)b;
	return interrupt_signal() != 0;
}

int batch_unread(const struct batch *b)
{
	return b->nnames - b->next;
}

void batch_shard(struct batch *b, int k, int n)
{
	b->shard_k = k;
	b->shard_n = n;
	count_loaded(b);
}

void batch_free(struct batch *b)
{
	for (int i = 0; i < b->nfiles; i++)
		collection_free(&b->files[i]);
	free(b->files);
	for (int i = 0; i < b->nnames; i++)
		free(b->names[i]);
	free(b->names);
	interrupt_release(&b->ic);
	memset(b, 0, sizeof *b);
}

/* ---- parallel checking ---- */

struct slot {
	const struct puzzle *p;
	int twin; /* -1: the diagram, else one of its twins */
	int collection_size;
	/* the result from its worker until reported (NULL: out of memory): a
	   whole judgement per slot would hold 5 KB for every puzzle of a batch */
	struct judgement *r;
	bool done;
	bool cut; /* finished after Ctrl-C: its search may have been cut short */
};

struct pool {
	struct slot *slots;
	int n, next;
	struct judge_opts o;
	pthread_mutex_t lock;
	pthread_cond_t ready;
};

struct worker {
	struct pool *pool;
	struct tt tt; /* reused from puzzle to puzzle: a fresh table faulted in
	                 for every small problem would cost more than solving it */
	pthread_t thread;
};

/* The judgement of one slot's problem (NULL: out of memory). */
static struct judgement *judge_slot(struct worker *w, const struct slot *sl)
{
	struct judgement *r = malloc(sizeof *r);
	if (r)
		judge_problem(sl->p, sl->twin, &w->pool->o, &w->tt, r);
	return r;
}

static void *work(void *arg)
{
	struct worker *w = arg;
	struct pool *pool = w->pool;
	for (;;) {
		pthread_mutex_lock(&pool->lock);
		int i = pool->next < pool->n && !interrupt_signal() ? pool->next++ : -1;
		pthread_mutex_unlock(&pool->lock);
		if (i < 0)
			break;
		struct judgement *r = judge_slot(w, &pool->slots[i]);
		bool cut = interrupt_signal() != 0;
		pthread_mutex_lock(&pool->lock);
		pool->slots[i].r = r;
		pool->slots[i].cut = cut;
		pool->slots[i].done = true;
		pthread_cond_broadcast(&pool->ready);
		pthread_mutex_unlock(&pool->lock);
	}
	return NULL;
}

/* Report a finished puzzle -- unless Ctrl-C may have cut it -- and free it. */
static void finish(struct slot *sl, batch_report_fn report, void *ctx)
{
	if (!sl->r) {
		struct judgement oom;
		memset(&oom, 0, sizeof oom);
		oom.verdict = VERDICT_ERROR;
		oom.reason = "out of memory";
		oom.notes = "";
		if (!sl->cut)
			report(ctx, sl->p, sl->collection_size, &oom);
		return;
	}
	if (!sl->cut)
		report(ctx, sl->p, sl->collection_size, sl->r);
	judgement_free(sl->r);
	free(sl->r);
	sl->r = NULL;
}

/* Progress over the chunks of a run: problems reported, the clock. */
struct progress_state {
	enum batch_progress mode;
	double t0, last_line;
	int before; /* problems of the chunks before this one */
};

/* The problems of the files loaded now, checked and reported in order. */
static int run_chunk(struct batch *b, const struct judge_opts *o, int jobs, bool exact_jobs,
                     struct progress_state *ps, batch_report_fn report, void *ctx)
{
	int n = b->total - b->total_before;
	if (n <= 0)
		return 0;
	struct pool pool = {.n = n, .o = *o};
	pool.o.an.stop = interrupt_flag();
	pool.slots = calloc((size_t)n, sizeof *pool.slots);
	int asked = jobs;
	if (jobs > n)
		jobs = n;
	struct worker *w = calloc((size_t)jobs, sizeof *w);
	if (!pool.slots || !w) {
		free(pool.slots);
		free(w);
		snprintf(b->why, sizeof b->why, "out of memory");
		return -1;
	}
	int k = 0, nth = b->chunk_first;
	for (int f = 0; f < b->nfiles; f++)
		for (int i = 0; i < b->files[f].count; i++)
			for (int t = 0; t < puzzle_problem_count(&b->files[f].items[i]) &&
			                selected(b, &b->files[f].items[i]);
			     t++) {
				if (b->shard_n && nth++ % b->shard_n != b->shard_k)
					continue; /* another shard's */
				pool.slots[k].p = &b->files[f].items[i];
				pool.slots[k].twin = puzzle_problem_twin(pool.slots[k].p, t);
				pool.slots[k++].collection_size = b->files[f].count;
			}

	/* The tables first, within the budget of all tables (tt_fit): fewer
	   threads when their count was not asked for, else an error the
	   caller reports.  No more threads than puzzles to search; none to
	   search (errors only), one thread with a token table. */
	size_t mb = o->an.hash_mb ? o->an.hash_mb : TT_DEFAULT_MB;
	int searched = 0;
	for (int i = 0; i < k; i++)
		searched += !pool.slots[i].p->error && !pool.slots[i].p->unsupported;
	if (searched == 0)
		mb = 1;
	if (jobs > searched)
		jobs = searched > 0 ? searched : 1;
	/* Threads beyond one per problem go to the problems' first moves
	   (analysis_opts.root_jobs), with a table each: all of them within
	   the budget. */
	int root_jobs = searched > 0 && asked > searched ? asked / searched : 1;
	int tables = jobs * root_jobs;
	int fit = tt_fit(tables, exact_jobs, mb, b->why, sizeof b->why);
	if (fit == 0 && tables > 1 && tables != asked) {
		/* tt_fit names the tables' count as "-j N": the -j given was
		   another (-j 190 on 21 problems is 189 tables, "-j 189") */
		size_t budget = tt_budget_mb(), memory = tt_memory_mb();
		snprintf(
		    b->why, sizeof b->why,
		    "-j %d --hash %zu: %d problem%s on %d thread%s each take %d tables of %zu MB, "
		    "%zu MB, more than all the tables of a run may take, %zu MB (half of the %zu "
		    "MB of memory): give fewer threads or a smaller --hash",
		    asked, mb, jobs, jobs == 1 ? "" : "s", root_jobs, root_jobs == 1 ? "" : "s",
		    tables, mb, (size_t)tables * mb, budget, memory);
	}
	if (fit < tables) {
		root_jobs = fit > jobs ? fit / jobs : 1;
		jobs = fit < jobs ? fit : jobs;
	}
	pool.o.an.root_jobs = root_jobs;
	int nw = 0;
	while (nw < jobs && tt_init(&w[nw].tt, mb) == 0)
		w[nw++].pool = &pool;
	if (nw == 0) {
		if (jobs > 0)
			snprintf(b->why, sizeof b->why,
			         "cannot allocate a transposition table of %zu MB (--hash): out of "
			         "memory",
			         mb);
		free(pool.slots);
		free(w);
		return -1;
	}

	if (nw == 1 && ps->mode == PROGRESS_NONE) {
		/* One worker and no progress line to keep: this thread does the
		   work, each problem reported as it is finished, as the waiting
		   loop below would.  A thread of its own (its stack, its malloc
		   arena, its start and join) was a sixth of the CPU of `maat
		   solve` on a small problem (issue 25 part 2). */
		for (int i = 0; i < pool.n && !interrupt_signal(); i++) {
			pool.slots[i].r = judge_slot(&w[0], &pool.slots[i]);
			pool.slots[i].cut = interrupt_signal() != 0;
			pool.slots[i].done = true;
			finish(&pool.slots[i], report, ctx);
		}
		ps->before += pool.n;
		tt_free(&w[0].tt);
		free(w);
		free(pool.slots);
		return 0;
	}

	pthread_mutex_init(&pool.lock, NULL);
	pthread_cond_init(&pool.ready, NULL);
	bool *running = calloc((size_t)nw, sizeof *running);
	int started = 0;
	for (int t = 0; running && t < nw; t++)
		if (pthread_create(&w[t].thread, NULL, work, &w[t]) == 0) {
			running[t] = true;
			started++;
		}
	if (started == 0)
		work(&w[0]); /* no threads to be had: do it here */

	/* Results in input order; the wait wakes up now and then to notice
	   Ctrl-C (a signal handler cannot signal a condition variable). */
	bool shown = false;
	int i = 0;
	for (; i < pool.n; i++) {
		int at = ps->before + i;
		if (ps->mode == PROGRESS_LINES &&
		    search_clock() - ps->last_line >= BATCH_PROGRESS_SECONDS) {
			/* a line of its own: a job log shows the batch is alive */
			ps->last_line = search_clock();
			fprintf(stderr, "maat: %d of %d problems checked, %.0f s\n", at, b->total,
			        ps->last_line - ps->t0);
		}
		pthread_mutex_lock(&pool.lock);
		while (!pool.slots[i].done && !interrupt_signal()) {
			interrupt_wait(&pool.ready, &pool.lock, 250);
			if (ps->mode == PROGRESS_LINES && !pool.slots[i].done &&
			    search_clock() - ps->last_line >= BATCH_PROGRESS_SECONDS) {
				ps->last_line = search_clock();
				fprintf(stderr, "maat: %d of %d problems checked, %.0f s\n", at,
				        b->total, ps->last_line - ps->t0);
			}
			if (ps->mode == PROGRESS_TERMINAL && !pool.slots[i].done &&
			    search_clock() - ps->t0 > 1.0) {
				fprintf(stderr, "\r[%d/%d] checking...", at, b->total);
				shown = true;
			}
		}
		bool done = pool.slots[i].done;
		pthread_mutex_unlock(&pool.lock);
		if (shown) {
			fprintf(stderr, "\r\033[K");
			shown = false;
		}
		if (!done)
			break; /* Ctrl-C */
		finish(&pool.slots[i], report, ctx);
	}
	for (int t = 0; t < nw; t++)
		if (running && running[t])
			pthread_join(w[t].thread, NULL);
	/* after Ctrl-C: what was finished before it, still in input order */
	for (; i < pool.n; i++)
		if (pool.slots[i].done)
			finish(&pool.slots[i], report, ctx);
	ps->before += pool.n;

	for (int t = 0; t < nw; t++)
		tt_free(&w[t].tt);
	free(running);
	free(w);
	pthread_mutex_destroy(&pool.lock);
	pthread_cond_destroy(&pool.ready);
	free(pool.slots);
	return 0;
}

int batch_run(struct batch *b, const struct judge_opts *o, int jobs, enum batch_progress progress,
              batch_report_fn report, void *ctx)
{
	bool exact = jobs > 0;
	if (jobs <= 0) {
		long cores = sysconf(_SC_NPROCESSORS_ONLN);
		jobs = cores > 0 ? (int)cores : 1;
	}
	struct progress_state ps = {.mode = progress, .t0 = search_clock()};
	ps.last_line = ps.t0;
	int rc = 0;
	interrupt_catch(&b->ic, false, true); /* stdout is written meanwhile */
	while (rc == 0) {
		if (interrupt_signal())
			rc = BATCH_INTERRUPTED;
		else if (run_chunk(b, o, jobs, exact, &ps, report, ctx) < 0)
			rc = -1;
		else if (interrupt_signal())
			rc = BATCH_INTERRUPTED;
		else if (b->next == b->nnames)
			break;
		else if (load_chunk(b) < 0) {
			snprintf(b->why, sizeof b->why, "out of memory");
			rc = -1;
		}
	}
	interrupt_release(&b->ic);
	return rc;
}
