#!/usr/bin/env bash
# A new course as its author makes it, end to end: `lesson init`, an engine of the course's own, an engine
# exercise with hidden tests and a reference solution left out of the engine, pushed to a bare repository
# and checked from a clean clone the way the course's workflow says. Then one broken expected line and one
# broken reference solution, each of which must fail at its own file and line, and a student's grade.
#
#   Tests/EndToEnd/new-course.sh [WORK_DIR]     (about two minutes: the clone builds the checker)
#
# The checker is this checkout, published as a bare repository tagged 0.0.1, so the course depends on it by
# a URL and a version as a course on GitHub does.
set -euo pipefail
checker=$(cd "$(dirname "$0")/../.." && pwd)
work=${1:-$(mktemp -d)}
lesson="$(swift build --package-path "$checker" --show-bin-path)/lesson"
[ -x "$lesson" ] || { echo "build the checker first: swift build" >&2; exit 2; }
mkdir -p "$work"; cd "$work"
rm -rf checker.git kurs kurs.git clone

step() { printf '\n== %s\n' "$*"; }
fail() { echo "FAILED: $*" >&2; exit 1; }

step "the checker, published"
git clone -q --bare "$checker" checker.git
git -C checker.git tag 0.0.1 HEAD

step "lesson init"
"$lesson" init --language tr --checker "$work/checker.git@0.0.1" kurs
cd kurs

step "an engine of the course's own, and an exercise on one of its files"
mkdir -p Engines/Indirim Lessons/solutions/indirim Lessons/hidden
cat > Engines/Indirim/Sepet.swift <<'SWIFT'
struct Sepet {
    private(set) var kalemler: [(ad: String, fiyat: Int)] = []

    mutating func ekle(_ ad: String, _ fiyat: Int) {
        kalemler.append((ad, fiyat))
    }

    var toplam: Int { kalemler.reduce(0) { $0 + $1.fiyat } }
}
SWIFT
cat > Lessons/02-indirim.md <<'MD'
---
title: 'Alıştırma: indirim'
language: tr
engine: Indirim
---

# Alıştırma: indirim

`Indirim.swift` dosyasını sen yazacaksın: toplam 100 ve üstündeyse yüzde 10 indirim, altındaysa hiç.

```swift exercise=indirim
// Indirim.swift — sepetin toplamına göre indirim
func indirim(_ sepet: Sepet) -> Int {
    return 0
}

func ozet(_ sepet: Sepet) {
}
```

```swift
// main.swift — eşiğin üstünde indirim var
var sepet = Sepet()
sepet.ekle("kitap", 80)
sepet.ekle("defter", 40)
ozet(sepet)
```

```
toplam: 120
indirim: 12
ödenecek: 108
```

```swift points=2
// main.swift — eşiğin altında indirim yok
var sepet = Sepet()
sepet.ekle("kalem", 15)
ozet(sepet)
```

```
toplam: 15
indirim: 0
ödenecek: 15
```
MD
cat > Lessons/hidden/indirim.md <<'MD'
---
title: 'Gizli testler: indirim'
language: tr
engine: Indirim
---

# Gizli testler

```swift
// main.swift — tam eşikte indirim var
var sepet = Sepet()
sepet.ekle("çanta", 100)
ozet(sepet)
```

```
toplam: 100
indirim: 10
ödenecek: 90
```
MD
cat > Lessons/solutions/indirim/Indirim.swift <<'SWIFT'
func indirim(_ sepet: Sepet) -> Int {
    sepet.toplam >= 100 ? sepet.toplam / 10 : 0
}

func ozet(_ sepet: Sepet) {
    print("toplam: \(sepet.toplam)")
    print("indirim: \(indirim(sepet))")
    print("ödenecek: \(sepet.toplam - indirim(sepet))")
}
SWIFT

step "pushed, and cloned clean"
git init -q -b main && git add -A && git -c user.name=Yazar -c user.email=yazar@example.org commit -qm "Kurs"
git clone -q --bare . ../kurs.git
cd .. && git clone -q kurs.git clone && cd clone
[ ! -e .build ] || fail ".build was committed"

step "the workflow's commands: swift build --build-tests, swift test --skip-build --disable-xctest"
run_test() {
    { swift build --build-tests && swift test --skip-build --disable-xctest; } 2>&1 | tee ../swift-test.log \
        | grep -E "error:|Test run with|passed after|failed after" | head -20
    return "${PIPESTATUS[0]}"
}
run_test || fail "swift test failed on the course as written"

step "one broken expected line fails at its line"
line=$(grep -n '^ödenecek: 108$' Lessons/02-indirim.md | cut -d: -f1)
sed -i "${line}s/108/107/" Lessons/02-indirim.md
if run_test; then fail "a broken expected line passed"; fi
# Swift Testing names an issue's file by its last component.
grep -q "at 02-indirim.md:$line:1: Caught error: expected output differs" ../swift-test.log \
    || fail "no finding at Lessons/02-indirim.md:$line"
git checkout -q Lessons/02-indirim.md

step "the same broken line, with the SwiftPM command: swift package check-lessons"
sed -i "${line}s/108/107/" Lessons/02-indirim.md
if swift package check-lessons > ../plugin.log 2>&1; then fail "check-lessons passed a broken line"; fi
grep -q "^Lessons/02-indirim.md:$line: error: expected output differs" ../plugin.log \
    || { cat ../plugin.log; fail "check-lessons did not report Lessons/02-indirim.md:$line"; }
swift package --allow-writing-to-package-directory update-lessons Lessons/02-indirim.md > /dev/null 2>&1 \
    || fail "update-lessons failed"
git diff --quiet Lessons/02-indirim.md || fail "update-lessons did not restore the broken line"
swift package check-lessons > ../plugin.log 2>&1 || { cat ../plugin.log; fail "check-lessons failed on the course"; }
tail -1 ../plugin.log
if swift package check-lessons --output lessons.xml > ../plugin.log 2>&1; then fail "check-lessons wrote a report"; fi
grep -q "check-lessons writes nothing into the package, so --output is refused" ../plugin.log \
    || { cat ../plugin.log; fail "check-lessons did not refuse --output"; }
test ! -e lessons.xml || fail "check-lessons wrote lessons.xml into the package"

step "a broken reference solution fails at its file"
sed -i 's/sepet.toplam \/ 10/sepet.toplam \/ 5/' Lessons/solutions/indirim/Indirim.swift
if run_test; then fail "a broken reference solution passed"; fi
grep -q "at Indirim.swift:1:1: .*" ../swift-test.log || fail "no finding at the solution's file"
grep -q "the reference solution scores 2/4" ../swift-test.log || fail "the solution's score is not said"
git checkout -q Lessons/solutions/indirim/Indirim.swift

step "a student grades their own file, without the solution in hand"
mkdir -p ../student && cp -r Lessons Engines ../student/ && rm -rf ../student/Lessons/solutions ../student/Lessons/hidden
cat > ../student/Indirim.swift <<'SWIFT'
func indirim(_ sepet: Sepet) -> Int { sepet.toplam > 100 ? sepet.toplam / 10 : 0 }
func ozet(_ sepet: Sepet) {
    print("toplam: \(sepet.toplam)")
    print("indirim: \(indirim(sepet))")
    print("ödenecek: \(sepet.toplam - indirim(sepet))")
}
SWIFT
(cd ../student && "$lesson" grade --lesson Lessons/02-indirim.md --exercise indirim --submission Indirim.swift) \
    | tee ../student.txt || true
step "the instructor grades it with the hidden tests"
"$lesson" grade --lesson Lessons/02-indirim.md --exercise indirim --hidden Lessons/hidden/indirim.md \
    --submission ../student/Indirim.swift | tee ../instructor.txt || true
grep -qx "alıştırma indirim: kaldı, 3/4 puan" ../instructor.txt || fail "the instructor's grade is not 3/4"
for format in exercism gradescope; do
    "$lesson" grade --lesson Lessons/02-indirim.md --exercise indirim --hidden Lessons/hidden/indirim.md \
        --submission ../student/Indirim.swift --format $format >> ../instructor.txt || true
done

step "what the student reads is Turkish, and holds no protection detail"
if grep -inE "pass|fail|hidden test|points|exercise|landlock|seccomp|cgroup|uid" ../student.txt ../instructor.txt \
    | grep -vE '"(status|output_format|visibility|max_score|score|execution_time|tests|version|name|output|message|test_code)"' \
    | grep -vE '^[^:]*:[0-9]+:\s*[]}{[]' ; then
    fail "an English label or a protection detail above"
fi
echo; echo "all steps passed in $work"
