"""The manual's examples run as written.

Every `.Bd -literal` block of man/*.[1-9] whose lines start with `$ ` is
a transcript: `$ ` starts a command, `> ` continues it, and the lines up
to the next command are what it prints.  Each page's transcripts run in
order in one shell, each section in a directory of its own, in a
scratch directory that holds the samples and their test keys (as a
clone does) and `standard.yaml`, with umpire on PATH.  A command whose
shown output holds an `error:`, or is followed by `echo $?` showing a
status, must fail (with that status); any other must succeed; and each
line it is shown to print (long lines folded by an indented
continuation, `...` eliding some) must be among the lines it prints.

Four comments, invisible in the rendered page, guide the test:

    .\\" example-setup: COMMAND   run before the next block, unseen
    .\\" example-skip: REASON     the next block is not run
    .\\" example-output: differs  the next block's output is not compared
    .\\" example-file: NAME       the next block is the file NAME
    .\\" example-in: SECTION      the next block goes on with the story
                                  of that section, in its directory

A reader writes by hand the file that `$ cat FILE` shows: where FILE is
not there yet, the test writes the lines shown.

Paths under /srv, /etc and /usr/local are taken under the scratch
directory; ~ is a scratch home holding the published test key of white
(tests/crypto) as ~/.ssh/id_ed25519; `vi FILE` writes the bot's orders,
as the player would by hand; `newaliases` checks that the aliases file
pipes to an umpire that exists.
"""
import os
import re
import shutil
import subprocess

from umpiretest import ROOT, check, main, read, run, scratch, umpire_bin

MAN = os.path.join(ROOT, "man")


def unescape(line):
    """The text mandoc shows for a line of a literal block."""
    line = line.replace("\\e", "\\").replace("\\&", "").replace("\\-", "-")
    return line


def blocks(page):
    """Yield (line number, section, lines, setup commands, flags) per
    literal block; section is the title of the .Sh or .Ss heading it is
    under, or the one its example-in comment names."""
    setup, flags, section, story = [], set(), "", None
    lines = read(page).split("\n")
    i = 0
    while i < len(lines):
        m = re.match(r'^\.\\" example-(setup|skip|output): ?(.*)$', lines[i])
        f = re.match(r'^\.\\" example-file: (\S+)$', lines[i])
        if lines[i].startswith((".Sh ", ".Ss ")):
            section = lines[i][4:]
        story_in = re.match(r'^\.\\" example-in: (.+)$', lines[i])
        if story_in:
            story = story_in.group(1)
        elif f:
            flags.add("file=" + f.group(1))
        elif m:
            if m.group(1) == "setup":
                setup.append(m.group(2))
            else:
                flags.add(m.group(1))
        elif lines[i].startswith(".Bd -literal"):
            start, body = i + 1, []
            i += 1
            while i < len(lines) and not lines[i].startswith(".Ed"):
                body.append(unescape(lines[i]))
                i += 1
            yield start + 1, story or section, body, setup, flags
            setup, flags, story = [], set(), None
        i += 1


def transcript(body):
    """The commands of a block: [(command, shown output lines)]."""
    cmds = []
    for line in body:
        if line.startswith("$ "):
            cmds.append([line[2:], []])
        elif cmds and line[:2] in ("> ", ">\t") and not cmds[-1][1]:
            cmds[-1][0] += "\n" + line[2:]
        elif cmds:
            cmds[-1][1].append(line)
    # A command folded with a backslash goes on: its next line is not
    # output.
    for c in cmds:
        while c[0].endswith("\\") and c[1]:
            c[0] += "\n" + c[1].pop(0)
    return cmds


def unfold(shown):
    """Shown output as whole lines: a line indented by four more spaces
    than the one before is the rest of it."""
    out = []
    for line in shown:
        if out and re.match(r"    \S", line):
            out[-1] += " " + line.strip()
        else:
            out.append(line)
    return [l for l in out if l.strip() and l.strip() != "..."]


def localise(cmd, tmp):
    for top in ("/srv/", "/etc/", "/usr/local/"):
        cmd = cmd.replace(top, tmp + top)
    return cmd


def setup_scratch(tmp):
    work = os.path.join(tmp, "work")
    os.makedirs(work)
    shutil.copytree(os.path.join(ROOT, "samples"),
                    os.path.join(work, "samples"))
    # The samples' test keys, which a page may name as a clone has them.
    shutil.copytree(os.path.join(ROOT, "tests", "crypto"),
                    os.path.join(work, "tests", "crypto"))
    shutil.copy(os.path.join(ROOT, "samples", "amb", "standard.yaml"), work)
    for d in ("srv/games", "srv/kept", "etc", "usr/local/bin", "home/.ssh",
              "bin"):
        os.makedirs(os.path.join(tmp, d))
    key = os.path.join(tmp, "home", ".ssh", "id_ed25519")
    shutil.copy(os.path.join(ROOT, "tests", "crypto",
                             "test-key-white-ed25519"), key)
    os.chmod(key, 0o600)
    stubs = {
        "umpire": 'exec %s "$@"\n' % umpire_bin(),
        # The player writes his orders by hand; the bot writes legal ones.
        "vi": 'umpire bot . > "$1"\n',
        "newaliases": (
            'f=%s/etc/aliases\n'
            'grep -q "\\"|%s/usr/local/bin/umpire mail " "$f" || '
            '{ echo "newaliases: $f pipes to no umpire mail" >&2; exit 1; }\n'
            '[ -x %s/usr/local/bin/umpire ]\n' % (tmp, tmp, tmp)),
    }
    for name, body in stubs.items():
        path = os.path.join(tmp, "bin", name)
        with open(path, "w") as f:
            f.write("#!/bin/sh\n" + body)
        os.chmod(path, 0o755)
    os.symlink(os.path.join(tmp, "bin", "umpire"),
               os.path.join(tmp, "usr", "local", "bin", "umpire"))
    return work


def run_page(name):
    with scratch() as tmp:
        run_page_in(name, tmp)


def run_page_in(name, tmp):
    page = os.path.join(MAN, name)
    steps = []   # (line, command, shown, flags)
    script = []
    last = None
    for line, section, body, setup, flags in blocks(page):
        cmds = transcript(body)
        files = [f[5:] for f in flags if f.startswith("file=")]
        if "skip" in flags or not (cmds or files):
            continue
        if section != last:
            # Each section is a story of its own, in a directory of its
            # own; shell variables carry over.
            d = '"$WORK/%s"' % re.sub(r"[^A-Za-z0-9]+", "-", section)
            script.append('[ -d %s ] || { mkdir %s && '
                          'cp "$WORK/standard.yaml" %s && '
                          'ln -s "$WORK/samples" "$WORK/tests" %s; } && '
                          'cd %s' % (d, d, d, d, d))
            last = section
        for f in files:
            script.append("cat >%s <<'EOF_EXAMPLE'\n%s\nEOF_EXAMPLE"
                          % (f, "\n".join(body)))
        for s in setup:
            script.append("{ %s\n} >/dev/null 2>&1 || "
                          "echo 'setup failed: %s' >&2"
                          % (localise(s, tmp), s.replace("'", "")))
        for cmd, shown in cmds:
            m = re.match(r"^cat (\S+)$", cmd)
            if m and shown:
                script.append("[ -e %s ] || cat >%s <<'EOF_EXAMPLE'\n%s\n"
                              "EOF_EXAMPLE" % (m.group(1), m.group(1),
                                               "\n".join(shown)))
            n = len(steps)
            steps.append((line, cmd, shown, flags))
            script.append('{ %s\n} >"$T/o.%d" 2>&1; echo $? >"$T/s.%d"'
                          % (localise(cmd, tmp), n, n))
    check(steps, "%s has no examples" % name)
    work = setup_scratch(tmp)
    env = dict(os.environ, T=tmp, WORK=work, HOME=os.path.join(tmp, "home"),
               PATH=os.path.join(tmp, "bin") + ":" + os.environ["PATH"],
               GIT_AUTHOR_NAME="Tan Player",
               GIT_AUTHOR_EMAIL="tan@example.org",
               GIT_COMMITTER_NAME="Tan Player",
               GIT_COMMITTER_EMAIL="tan@example.org")
    env.pop("UMPIRE_SEED", None)
    p = subprocess.run(["sh", "-c", "\n".join(script)], env=env,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       timeout=600)
    check(not p.stderr, "%s: %s" % (name, p.stderr.decode()))
    problems = []
    for n, (line, cmd, shown, flags) in enumerate(steps):
        status = int(read(os.path.join(tmp, "s.%d" % n)))
        # git pads the lines a hook prints (remote: ...) with spaces.
        out = [l.rstrip() for l in
               read(os.path.join(tmp, "o.%d" % n)).split("\n")]
        # A loop runs until a command fails, and succeeds.
        want_fail = (any("error:" in l for l in shown) and
                     not re.match(r"(while|for) ", cmd))
        want_status = None
        if n + 1 < len(steps) and steps[n + 1][1] == "echo $?":
            want_status = int(steps[n + 1][2][0])
        where = "%s:%d: $ %s" % (name, line, cmd.split("\n")[0])
        if want_status is not None and status != want_status:
            problems.append("%s: exit %d, shown %d" %
                            (where, status, want_status))
        elif want_fail and status == 0:
            problems.append("%s: succeeded, shown failing" % where)
        elif not want_fail and want_status is None and status != 0:
            problems.append("%s: exit %d:\n%s" %
                            (where, status, "\n".join(out[-8:])))
        if "output" in flags or cmd == "echo $?":
            continue
        for l in unfold(shown):
            if l not in out:
                problems.append("%s: does not print\n  %s\nbut\n  %s" %
                                (where, l, "\n  ".join(out[:12])))
                break
    check(not problems, "\n".join(problems))


def pages():
    for name in sorted(os.listdir(MAN)):
        if re.search(r"\.[1-9]$", name):
            with open(os.path.join(MAN, name)) as f:
                if re.search(r"^\$ ", f.read().replace(".Bd", ""), re.M):
                    yield name


def make_test(name):
    def t():
        run_page(name)
    t.__name__ = "examples_of_" + name.replace(".", "_").replace("-", "_")
    return t


def synopsis_matches_help():
    """Each verb's SYNOPSIS in umpire(1) starts with `.Nm umpire`, every
    option it lists is in `umpire VERB --help`, and every option that
    --help describes is in the SYNOPSIS."""
    text = read(os.path.join(MAN, "umpire.1"))
    syn = text[text.index(".Sh SYNOPSIS"):text.index(".Sh DESCRIPTION")]
    problems = []
    synopses = {}
    for group in syn.split(".Nm umpire\n")[1:]:
        verb = re.search(r"^\.Cm (\S+)", group, re.M)
        if not verb:
            continue
        verbs = re.findall(r"^\.Cm (\S+)", group, re.M)
        if len(set(verbs) - {"state", "orders", "scenario", "install",
                             "reply", "drop", "envelope"}) > 1:
            problems.append("SYNOPSIS runs verbs together: %s" % verbs)
        rc, out, err = run([umpire_bin(), verb.group(1), "--help"])
        shown = set()
        for opt in re.findall(r"Fl (\\-[a-z-\\]+|[a-z])\b", group):
            opt = opt.replace("\\", "")
            opt = "-" + opt
            shown.add(opt)
            if opt not in out:
                problems.append("umpire %s --help lacks %s" %
                                (verb.group(1), opt))
        synopses.setdefault(verb.group(1), (set(), out))[0].update(shown)
    # And back: each option --help describes (a line "  -x, --name ...")
    # is in the verb's SYNOPSIS, in its long form or its short one.
    for verb, (shown, out) in sorted(synopses.items()):
        for m in re.finditer(r"^  (-[a-z])?(?:, )?(--[a-z-]+)?", out, re.M):
            short, long_ = m.group(1), m.group(2)
            if (short or long_) and not ({short, long_} & shown):
                problems.append("umpire(1) SYNOPSIS of %s lacks %s, which "
                                "its --help describes" %
                                (verb, long_ or short))
    check(not problems, "\n".join(problems))


if __name__ == "__main__":
    main([synopsis_matches_help] + [make_test(n) for n in pages()])
