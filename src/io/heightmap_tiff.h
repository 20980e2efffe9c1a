// TIFF heightmaps through libtiff (see heightmap.h): one float32 sample per pixel
// (SAMPLEFORMAT_IEEEFP, 32 bits, MINISBLACK), strips, lossless (Deflate) compression, the
// exact heights. Read: 1 sample per pixel of float32/float64, uint8/uint16/uint32 or
// int16/int32 (the floats as own heights, integers as raw values), strips or tiles.
//
// In real units (encode_geotiff) the same TIFF is a GeoTIFF (libgeotiff): ModelPixelScaleTag
// (cell_size, cell_size, 0), ModelTiepointTag putting the raster's top-left corner at
// (0, rows x cell_size, 0), so the map's south-west corner is the origin and y runs north; and
// the GeoKeys GTModelTypeGeoKey user-defined (a local grid, no place on Earth: no datum, no
// projection), GTRasterTypeGeoKey RasterPixelIsArea (a pixel is the cell's square),
// ProjLinearUnitsGeoKey and VerticalUnitsGeoKey metres, and a GTCitationGeoKey saying so. The
// samples are the heights in metres.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "io/heightmap.h"

namespace terrain::io {

std::vector<uint8_t> encode_tiff(const Heightfield& field);
// `metres` (heights already in metres) as a GeoTIFF of cells units.cell_size metres square.
// Pre: units.given().
std::vector<uint8_t> encode_geotiff(const Heightfield& metres, const RealUnits& units);
// own_heights for float samples. Throws HeightmapError.
HeightmapFile decode_tiff(std::span<const uint8_t> bytes);

}  // namespace terrain::io
