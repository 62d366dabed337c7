/*
** fairy.c -- Popeye's piece walks and their diagram glyphs (fairy.h).
**
** Sources, all public: the walks and their English codes are py-engl.txt's
** list ("Popeye supports the following piece walks"), plus three its LaTeX
** table names (ag, no, gy); the glyph of each is Popeye's LaTeX table
** (pie-engl.txt, the diagram package's letters K D T L S B with the
** rotations R U L), or where that table has none ("I") Olive's
** conf/fairy-pieces.txt (marked "Olive": its 1, 2, 3 read as quarter
** turns clockwise, its e/a/o/f glyphs as Popeye's table draws the
** equihopper, amazon, orphan and rose), or else a circle.
*/
#include "notation/fairy.h"

#include <string.h>
#include <strings.h>

/* clang-format off */
static const struct fairy_walk walks[] = {
    {"15", "1,5-leaper", 'b', TURN_DOWN},
    {"16", "1,6-leaper", 'q', TURN_LEFT},
    {"24", "2,4-leaper", 'n', TURN_LEFT},
    {"25", "2,5-leaper", 'b', TURN_RIGHT},
    {"35", "3,5-leaper", 'n', TURN_LEFT},
    {"36", "3,6-leaper", 'n', TURN_RIGHT},
    {"37", "3,7-leaper", 'b', TURN_RIGHT},
    {"ah", "maohopper", 'n', TURN_LEFT},
    {"al", "alfil", 'b', TURN_RIGHT},
    {"am", "amazon", 'q', TURN_LEFT},
    {"an", "antelope", 'b', TURN_RIGHT},
    {"ao", "maorider", 'n', TURN_RIGHT},
    {"ar", "archbishop", 'b', TURN_DOWN},
    {"b", "bishop", 'b', TURN_UPRIGHT},
    {"b1", "bouncer", 'c', TURN_UPRIGHT},
    {"b2", "rook bouncer", 'c', TURN_UPRIGHT},
    {"b3", "bishop bouncer", 'c', TURN_UPRIGHT},
    {"be", "bishop eagle", 'b', TURN_LEFT},
    {"bh", "bishop hopper", 'b', TURN_DOWN},
    {"bi", "bison", 'c', TURN_UPRIGHT},
    {"bk", "bouncy knight", 'n', TURN_RIGHT},
    {"bl", "bishop-lion", 'b', TURN_LEFT},
    {"bm", "bishop moose", 'b', TURN_RIGHT},
    {"bn", "bouncy nightrider", 'n', TURN_RIGHT},
    {"bo", "bob", 'c', TURN_UPRIGHT},
    {"bp", "berolina pawn", 'p', TURN_DOWN},
    {"br", "bishop/rook hunter", 'r', TURN_LEFT},
    {"bs", "berolina superpawn", 'p', TURN_RIGHT},
    {"bt", "boyscout", 'b', TURN_DOWN},
    {"bu", "root-25-leaper", 'b', TURN_DOWN},
    {"bw", "bishop sparrow", 'b', TURN_DOWN},
    {"c", "cardinal", 'b', TURN_RIGHT},
    {"ca", "camel", 'n', TURN_LEFT},
    {"cg", "contragrasshopper", 'q', TURN_RIGHT},  /* Olive */
    {"ch", "camelrider hopper", 'r', TURN_LEFT},
    {"cp", "chinese pawn", 'p', TURN_RIGHT},
    {"cr", "camelrider", 'r', TURN_LEFT},
    {"ct", "cavalier trojan", 'b', TURN_RIGHT},
    {"cy", "charybdis", 'c', TURN_UPRIGHT},
    {"da", "dabbaba", 'r', TURN_RIGHT},
    {"db", "double bishopper", 'b', TURN_RIGHT},
    {"dg", "double grasshopper", 'r', TURN_DOWN},
    {"dk", "double rookhopper", 'r', TURN_RIGHT},
    {"do", "dolphin", 'q', TURN_LEFT},  /* Olive */
    {"dr", "dragon", 'n', TURN_RIGHT},
    {"ds", "diagonal spiralspringer", 'n', TURN_LEFT},
    {"du", "dummy", 'k', TURN_LEFT},
    {"ea", "eagle", 'r', TURN_LEFT},
    {"ee", "eagle equihopper", 'q', TURN_LEFT},  /* Olive */
    {"eh", "edgehog", 'q', TURN_LEFT},
    {"ek", "erlking", 'r', TURN_RIGHT},
    {"em", "empress", 'r', TURN_DOWN},
    {"en", "eagle nonstop equihopper", 'q', TURN_LEFT},  /* Olive */
    {"eq", "equihopper", 'q', TURN_RIGHT},
    {"et", "elephant", 'c', TURN_UPRIGHT},
    {"f", "friend", 'p', TURN_LEFT},  /* Olive */
    {"fa", "faro", 'r', TURN_LEFT},
    {"fe", "fers", 'b', TURN_LEFT},
    {"fr", "fersrider", 'c', TURN_UPRIGHT},
    {"g", "grasshopper", 'q', TURN_DOWN},
    {"g2", "grasshopper-2", 'q', TURN_RIGHT},  /* Olive */
    {"g3", "grasshopper-3", 'q', TURN_LEFT},  /* Olive */
    {"ge", "greater treehopper", 'c', TURN_UPRIGHT},
    {"gf", "greater leafhopper", 'c', TURN_UPRIGHT},
    {"gh", "gnurider hopper", 'n', TURN_LEFT},
    {"gi", "giraffe", 'b', TURN_LEFT},
    {"gl", "gral", 'c', TURN_UPRIGHT},
    {"gn", "gnu", 'b', TURN_RIGHT},
    {"gr", "gnurider", 'n', TURN_RIGHT},
    {"gt", "girlscout", 'r', TURN_RIGHT},
    {"ha", "hamster", 'q', TURN_RIGHT},
    {"hc", "contra hamster", 'c', TURN_UPRIGHT},
    {"k", "king", 'k', TURN_UPRIGHT},
    {"ka", "kangaroo", 'q', TURN_LEFT},
    {"kh", "kinghopper", 'q', TURN_RIGHT},
    {"kl", "kangaroo lion", 'q', TURN_RIGHT},  /* Olive */
    {"ko", "kao", 'c', TURN_UPRIGHT},
    {"kp", "knight hopper", 'n', TURN_RIGHT},
    {"l", "locust", 'q', TURN_RIGHT},
    {"lb", "bishop locust", 'b', TURN_RIGHT},  /* Olive */
    {"le", "leo", 'q', TURN_RIGHT},
    {"lh", "leafhopper", 'c', TURN_UPRIGHT},
    {"li", "lion", 'q', TURN_LEFT},
    {"ln", "nightrider locust", 'n', TURN_RIGHT},  /* Olive */
    {"lo", "loco", 'b', TURN_LEFT},
    {"lr", "rook locust", 'r', TURN_RIGHT},  /* Olive */
    {"ls", "rose locust", 'n', TURN_RIGHT},
    {"m", "moose", 'q', TURN_LEFT},
    {"ma", "mao", 'n', TURN_RIGHT},
    {"mg", "marguerite", 'c', TURN_UPRIGHT},
    {"mh", "marine ship", 'r', TURN_RIGHT},
    {"ml", "maorider lion", 'c', TURN_UPRIGHT},
    {"mm", "moarider lion", 'c', TURN_UPRIGHT},
    {"mo", "moa", 'n', TURN_LEFT},
    {"mp", "marine pawn", 'p', TURN_RIGHT},
    {"ms", "marine knight", 'n', TURN_RIGHT},
    {"n", "nightrider", 'n', TURN_DOWN},
    {"na", "nao", 'n', TURN_LEFT},  /* Olive */
    {"nd", "nereide", 'b', TURN_DOWN},
    {"ne", "nonstop equihopper", 'q', TURN_RIGHT},
    {"nh", "nightrider hopper", 'b', TURN_RIGHT},
    {"nl", "nightrider lion", 'n', TURN_LEFT},  /* Olive */
    {"o", "orphan", 'p', TURN_LEFT},
    {"oa", "moarider", 'n', TURN_LEFT},
    {"oh", "moahopper", 'n', TURN_RIGHT},
    {"ok", "okapi", 'b', TURN_LEFT},
    {"or", "orix", 'q', TURN_LEFT},
    {"p", "pawn", 'p', TURN_UPRIGHT},
    {"pa", "pao", 'r', TURN_LEFT},
    {"po", "poseidon", 'k', TURN_RIGHT},
    {"pp", "reverse pawn", 'p', TURN_DOWN},  /* Olive */
    {"pr", "princess", 'b', TURN_DOWN},
    {"q", "queen", 'q', TURN_UPRIGHT},
    {"qe", "equistopper", 'q', TURN_RIGHT},  /* Olive */
    {"qf", "nonstop equistopper", 'q', TURN_RIGHT},  /* Olive */
    {"qn", "quintessence", 'c', TURN_UPRIGHT},
    {"qq", "querquisite", 'c', TURN_UPRIGHT},
    {"r", "rook", 'r', TURN_UPRIGHT},
    {"ra", "rao", 'r', TURN_DOWN},
    {"rb", "reflecting bishop", 'b', TURN_LEFT},
    {"re", "rook eagle", 'r', TURN_LEFT},
    {"rf", "root-50-leaper", 'r', TURN_DOWN},
    {"rh", "rook hopper", 'r', TURN_DOWN},
    {"rk", "radial knight", 'n', TURN_RIGHT},
    {"rl", "rook-lion", 'r', TURN_LEFT},
    {"rm", "rook moose", 'r', TURN_RIGHT},
    {"rn", "rose-lion", 'r', TURN_RIGHT},  /* Olive */
    {"rp", "rose-hopper", 'r', TURN_RIGHT},  /* Olive */
    {"ro", "rose", 'r', TURN_RIGHT},
    {"rr", "rook/bishop hunter", 'r', TURN_RIGHT},
    {"rt", "rabbit", 'q', TURN_RIGHT},  /* Olive */
    {"rw", "rook sparrow", 'r', TURN_DOWN},
    {"s", "knight", 'n', TURN_UPRIGHT},
    {"s1", "(1,1)-zigzag nightrider", 'n', TURN_RIGHT},
    {"s2", "(2,0)-zigzag nightrider", 'n', TURN_RIGHT},
    {"s3", "(3,3)-zigzag nightrider", 'n', TURN_RIGHT},
    {"s4", "(4,0)-zigzag nightrider", 'n', TURN_RIGHT},
    {"sa", "saltador", 'n', TURN_LEFT},
    {"sc", "scarabeus", 'c', TURN_UPRIGHT},
    {"se", "senora", 'q', TURN_LEFT},
    {"sh", "ship", 'r', TURN_RIGHT},
    {"si", "sirene", 'q', TURN_LEFT},
    {"sk", "skylla", 'q', TURN_LEFT},  /* Olive */
    {"so", "scorpion", 'c', TURN_UPRIGHT},
    {"sp", "superpawn", 'p', TURN_LEFT},
    {"sq", "squirrel", 'n', TURN_RIGHT},
    {"ss", "spiralspringer", 'n', TURN_RIGHT},
    {"st", "sting", 'k', TURN_DOWN},
    {"sw", "sparrow", 'n', TURN_RIGHT},
    {"th", "treehopper", 'c', TURN_UPRIGHT},
    {"tr", "triton", 'r', TURN_LEFT},
    {"uu", "ubiubi", 'n', TURN_RIGHT},
    {"va", "vao", 'b', TURN_LEFT},
    {"wa", "waran", 'r', TURN_RIGHT},
    {"we", "wazir", 'r', TURN_DOWN},
    {"wr", "wazirrider", 'c', TURN_UPRIGHT},
    {"z", "zebra", 'n', TURN_RIGHT},
    {"ze", "zebu", 'n', TURN_RIGHT},
    {"zh", "zebrarider hopper", 'n', TURN_RIGHT},
    {"zr", "zebrarider", 'n', TURN_RIGHT},
    {"ag", "Andernach grasshopper", 'c', TURN_UPRIGHT},
    {"no", "nonstop orix", 'c', TURN_UPRIGHT},
    {"gy", "gryphon", 'b', TURN_RIGHT},
    {NULL, NULL, 0, TURN_UPRIGHT},
};
/* clang-format on */

const struct fairy_walk *fairy_walk_find(const char *code, size_t len)
{
	for (const struct fairy_walk *w = walks; w->code; w++)
		if (strlen(w->code) == len && strncasecmp(w->code, code, len) == 0)
			return w;
	return NULL;
}

bool fairy_walk_orthodox(const struct fairy_walk *w)
{
	return w && w->code[0] && !w->code[1] && strchr("kqrbsp", w->code[0]);
}

const struct fairy_walk *fairy_walks(void)
{
	return walks;
}
