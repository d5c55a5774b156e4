# Sourced by the fuzz scripts that need several of the package's modules: compiles one module with
# libFuzzer's coverage and AddressSanitizer into "$out/modules" (its .swiftmodule) and "$out/<Name>.o",
# with the package's language settings, so that a fuzz target can import it as the package does.
# Usage: build_module NAME SOURCE_FOLDER [extra swiftc arguments...]   (needs $root and $out)
build_module() {
    name="$1"
    folder="$2"
    shift 2
    mkdir -p "$out/modules"
    # shellcheck disable=SC2046  # one argument per source file
    swiftc -sanitize=fuzzer,address -parse-as-library -O -g -wmo \
        -swift-version 6 \
        -enable-upcoming-feature ExistentialAny \
        -enable-upcoming-feature InternalImportsByDefault \
        -enable-upcoming-feature MemberImportVisibility \
        -module-name "$name" -package-name PurchaseKit \
        -emit-module -emit-module-path "$out/modules/$name.swiftmodule" \
        -I "$out/modules" "$@" \
        -c $(find "$folder" -name '*.swift' | sort) \
        -o "$out/$name.o"
}
