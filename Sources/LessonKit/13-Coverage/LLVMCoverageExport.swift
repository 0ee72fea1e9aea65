/// What `llvm-cov export` prints as JSON, as far as coverage reads it: the functions of each export, with
/// their source files and code regions.
///
/// The format is llvm-cov's `CoverageExporterJson`: a root object with `data`, an array of exports, each
/// holding `functions`, each with `filenames` and `regions`. A region is an array of numbers, see `Region`.
struct LLVMCoverageExport: Decodable {
    var data: [Export]

    struct Export: Decodable {
        /// Absent when llvm-cov printed no function data.
        var functions: [Function]?
    }

    struct Function: Decodable {
        /// The files a region's `fileID` indexes; nil when they cannot be read, and the function is ignored.
        var filenames: [String]?
        /// The function's regions, without those too short to read; nil when they cannot be read (a region
        /// that is not an array of integers), and the function is ignored.
        var regions: [Region]?

        private enum CodingKeys: String, CodingKey {
            case filenames, regions
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            filenames = try? container.decode([String].self, forKey: .filenames)
            regions = try? Self.decodeRegions(container)
        }

        /// Every region that reads as one; an array of integers too short to be a region is stepped over.
        private static func decodeRegions(_ container: KeyedDecodingContainer<CodingKeys>) throws -> [Region] {
            var list = try container.nestedUnkeyedContainer(forKey: .regions)
            var regions: [Region] = []
            while !list.isAtEnd {
                // A failed decode leaves the container where it was; stepping over reads the numbers alone.
                if let region = try? list.decode(Region.self) {
                    regions.append(region)
                } else {
                    _ = try list.decode([Int].self)
                }
            }
            return regions
        }
    }

    /// One region, the array `[LineStart, ColumnStart, LineEnd, ColumnEnd, ExecutionCount, FileID,
    /// ExpandedFileID, Kind]`; numbers after these (branch counts of newer llvm-cov versions) are not read.
    struct Region: Decodable, Hashable {
        var lineStart: Int
        var columnStart: Int
        var lineEnd: Int
        var columnEnd: Int
        var executionCount: Int
        /// Index in the function's `filenames` of the file that holds the region.
        var fileID: Int
        var expandedFileID: Int
        /// llvm's `CounterMappingRegion::RegionKind`: 0 is code; expansions, skipped lines, gaps and branches
        /// follow.
        var kind: Int

        static let codeKind = 0

        var isCode: Bool { kind == Self.codeKind }

        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            lineStart = try container.decode(Int.self)
            columnStart = try container.decode(Int.self)
            lineEnd = try container.decode(Int.self)
            columnEnd = try container.decode(Int.self)
            executionCount = try container.decode(Int.self)
            fileID = try container.decode(Int.self)
            expandedFileID = try container.decode(Int.self)
            kind = try container.decode(Int.self)
            // The rest must still be numbers, as a region is an array of integers.
            while !container.isAtEnd { _ = try container.decode(Int.self) }
        }
    }
}
