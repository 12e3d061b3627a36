/**
 * The demo shop: a small native-plant nursery. Plain data only; seed.ts turns it into rows.
 *
 * Catalogue columns, separated by '|':
 *   type id | name | species | zones | size | price tiers | status | flags | description
 * Price tiers read like the price table staff see: '1-9 3.50; 10-99 2.75; 100+ 2.10' (dollars).
 * Status is the ProductStatus number; flag 'D' marks the brand flag (isDougs).
 */
export const DEMO_CATALOGUE = `
3|White Pine|Pinus strobus|3-8|12-18"|1-9 3.50; 10-99 2.75; 100+ 2.10|2|D|The tallest pine of the eastern forest, with soft blue-green needles in bundles of five. Fast growing and long lived.
3|White Pine Transplant|Pinus strobus|3-8|18-24"|1-9 5.25; 10-49 4.50; 50+ 3.90|2||Twice-transplanted stock with a heavy root system, ready for windbreaks and screens.
3|Red Pine|Pinus resinosa|2-5|8-12"|1-9 2.50; 10-99 1.80; 100+ 1.25|2||Straight-trunked pine with reddish bark that thrives on dry, sandy soils.
3|Jack Pine|Pinus banksiana|2-6|6-10"|1-9 2.50; 10-99 1.80; 100+ 1.25|7||A tough pioneer pine for poor, sandy ground and old gravel pits.
3|Pitch Pine|Pinus rigida|4-7|6-10"|1-9 2.75; 10+ 2.00|3||Gnarled, fire-adapted pine of sand plains and rocky ridges.
3|White Spruce|Picea glauca|2-6|10-16"|1-9 2.75; 10-99 2.10; 100+ 1.50|2||Dense, cold-hardy spruce for windbreaks and wildlife cover.
3|Black Spruce|Picea mariana|1-5|6-10"|1-9 2.75; 10+ 2.10|6||Slender spruce of bogs and cold wet ground; slow growing but very hardy.
3|Red Spruce|Picea rubens|3-5|8-12"|1-9 3.00; 10+ 2.35|2||The spruce of cool mountain slopes, with shiny yellow-green needles.
3|Balsam Fir|Abies balsamea|3-5|8-14"|1-9 3.00; 10-99 2.40; 100+ 1.75|2||Fragrant fir with flat, soft needles; the classic Christmas tree of the north woods.
3|Eastern Hemlock|Tsuga canadensis|3-7|8-12"|1-9 3.75; 10+ 3.00|2||Graceful, shade-tolerant evergreen for cool slopes and stream banks.
3|Eastern White Cedar|Thuja occidentalis|2-7|10-16"|1-9 3.25; 10-99 2.50; 100+ 1.95|2||Native arborvitae for hedges and wet ground; deer love it, so protect young plants.
3|Tamarack|Larix laricina|1-4|12-18"|1-9 3.00; 10+ 2.25|2||A conifer that turns gold and drops its needles each fall. Loves wet, open ground.
3|Eastern Red Cedar|Juniperus virginiana|3-9|8-12"|1-9 3.25; 10+ 2.50|2||Drought-proof juniper whose blue berries feed cedar waxwings all winter.
3|Canada Yew|Taxus canadensis|2-6|6-10"|1-9 5.50; 10+ 4.75|7||Low, sprawling evergreen for deep shade under hardwoods.
2|Red Oak|Quercus rubra|3-8|12-18"|1-9 3.50; 10-99 2.75; 100+ 2.10|2|D|Fast-growing oak with brilliant red fall color and acorns for wildlife.
2|White Oak|Quercus alba|3-9|10-16"|1-9 3.75; 10-99 3.00; 100+ 2.30|2||The great oak of the eastern forest; supports more caterpillars, and so more birds, than almost any tree.
2|Bur Oak|Quercus macrocarpa|3-8|12-18"|1-9 3.75; 10-99 3.00; 100+ 2.30|2||Massive, drought-tolerant oak with corky bark and big fringed acorns.
2|Swamp White Oak|Quercus bicolor|4-8|12-18"|1-9 3.75; 10+ 3.00|2||An oak for wet, heavy soils that still handles summer drought.
2|Sugar Maple|Acer saccharum|3-8|12-18"|1-9 3.50; 10-99 2.75; 100+ 2.10|2||The maple for syrup and blazing orange fall color.
2|Red Maple|Acer rubrum|3-9|18-24"|1-9 3.50; 10-99 2.75; 100+ 2.10|2||Adaptable maple with red flowers in early spring and scarlet leaves in fall.
2|Silver Maple|Acer saccharinum|3-9|18-24"|1-9 3.00; 10+ 2.25|2||Very fast-growing floodplain maple for wet sites.
2|Paper Birch|Betula papyrifera|2-7|12-18"|1-9 3.25; 10-99 2.50; 100+ 1.90|2||White-barked birch of the north woods; plant in cool, moist soil.
2|Yellow Birch|Betula alleghaniensis|3-7|12-18"|1-9 3.25; 10+ 2.50|2||Bronze, curling bark and a faint wintergreen scent to the twigs.
2|River Birch|Betula nigra|4-9|18-24"|1-9 3.75; 10+ 3.00|2||Peeling salmon-colored bark; handles wet soil and heat.
2|American Basswood|Tilia americana|3-8|12-18"|1-9 3.50; 10+ 2.75|2||Fragrant summer flowers make this a favorite bee tree.
2|Black Cherry|Prunus serotina|3-9|12-18"|1-9 3.25; 10-99 2.50; 100+ 1.90|2||Valuable timber tree whose fruit feeds dozens of bird species.
2|Quaking Aspen|Populus tremuloides|1-6|12-18"|1-9 3.00; 10+ 2.25|2||Trembling leaves and white bark; spreads by root suckers into a grove.
2|Black Walnut|Juglans nigra|4-9|12-18"|1-9 3.75; 10-99 3.00; 100+ 2.40|2||Prized hardwood with edible nuts. Keep it away from tomato gardens.
2|Butternut|Juglans cinerea|3-7|12-18"|1+ 6.00|6||A rare native walnut from canker-resistant seed sources. Supply is very limited.
2|Shagbark Hickory|Carya ovata|4-8|8-12"|1-9 4.25; 10+ 3.50|2||Shaggy bark and sweet nuts; slow to start but very long lived.
2|American Chestnut|Castanea dentata|4-8|12-18"|1+ 12.00|5||Pure American chestnut seedlings for restoration plantings, ordered on request.
2|Tulip Tree|Liriodendron tulipifera|4-9|18-24"|1-9 3.75; 10+ 3.00|2||Tall, straight tree with tulip-shaped green and orange flowers.
2|Hackberry|Celtis occidentalis|2-9|12-18"|1-9 3.25; 10+ 2.50|2||Tough shade tree for hard sites; host to several butterflies.
2|Kentucky Coffeetree|Gymnocladus dioicus|3-8|12-18"|1-9 4.50; 10+ 3.75|2||Bold, open branching and tolerant of urban conditions.
2|American Sycamore|Platanus occidentalis|4-9|18-24"|1-9 3.50; 10+ 2.75|2||Huge streamside tree with white patchwork bark.
2|Black Gum|Nyssa sylvatica|4-9|12-18"|1-9 4.50; 10+ 3.75|7||Glossy leaves that turn fiery red in early fall.
2|Ironwood|Ostrya virginiana|3-9|12-18"|1-9 3.50; 10+ 2.75|2||Small understory tree with very hard wood and hop-like fruit.
2|Blue Beech|Carpinus caroliniana|3-9|12-18"|1-9 3.50; 10+ 2.75|2||Smooth, muscular gray trunk; happy in shade along streams.
2|White Ash|Fraxinus americana|3-9|12-18"|1+ 3.00|1||Not offered while emerald ash borer is in the county.
2|Honey Locust|Gleditsia triacanthos|3-8|12-18"|1-9 3.25; 10+ 2.50|2||Fine, lacy leaves that cast light shade; long seed pods in fall.
2|Eastern Cottonwood|Populus deltoides|2-9|18-24"|1-9 3.00; 10+ 2.25|2||The fastest shade you can grow on a wet site.
2|Norway Maple|Acer platanoides|4-7|12-18"|1+ 3.00|4||Dropped from the catalogue: an invasive, non-native maple.
7|Serviceberry|Amelanchier laevis|4-8|12-18"|1-9 4.00; 10-99 3.25; 100+ 2.60|2|D|White flowers in April and sweet June berries the birds will race you for.
7|Red Osier Dogwood|Cornus sericea|2-8|12-18"|1-9 3.25; 10-99 2.50; 100+ 1.90|2||Bright red winter stems; great for stream banks and erosion control.
7|Gray Dogwood|Cornus racemosa|3-8|12-18"|1-9 3.25; 10+ 2.50|2||Thicket-forming shrub with white berries on red stalks.
7|Silky Dogwood|Cornus amomum|4-8|12-18"|1-9 3.25; 10+ 2.50|2||Wet-site dogwood with blue berries in late summer.
7|Alternate-leaf Dogwood|Cornus alternifolia|3-7|12-18"|1-9 4.25; 10+ 3.50|3||Layered, pagoda-like branches for a shady corner.
7|Nannyberry|Viburnum lentago|2-8|12-18"|1-9 3.75; 10+ 3.00|2||Tall viburnum with creamy flowers and blue-black fruit.
7|Highbush Cranberry|Viburnum trilobum|2-7|12-18"|1-9 3.75; 10+ 3.00|2||Bright red fruit that hangs on into winter.
7|Arrowwood Viburnum|Viburnum dentatum|3-8|12-18"|1-9 3.75; 10+ 3.00|2||Dependable hedge shrub with blue fruit and red-purple fall color.
7|Ninebark|Physocarpus opulifolius|2-8|12-18"|1-9 3.50; 10+ 2.75|2||Peeling bark and white flower clusters; grows almost anywhere.
7|Buttonbush|Cephalanthus occidentalis|4-10|12-18"|1-9 3.75; 10+ 3.00|2||Round white flower balls loved by butterflies. Thrives with wet feet.
7|Winterberry|Ilex verticillata|3-9|12-18"|1-9 4.25; 10+ 3.50|2||Native holly whose red berries light up the winter swamp.
7|Spicebush|Lindera benzoin|4-9|12-18"|1-9 4.00; 10+ 3.25|7||Aromatic shrub for shade; host plant of the spicebush swallowtail.
7|Witch Hazel|Hamamelis virginiana|3-8|12-18"|1-9 4.25; 10+ 3.50|2||Spidery yellow flowers in late fall, after the leaves drop.
7|American Hazelnut|Corylus americana|4-9|12-18"|1-9 3.50; 10-99 2.75; 100+ 2.20|2||Small, sweet nuts for people and wildlife.
7|Pussy Willow|Salix discolor|4-8|18-24"|1-9 3.25; 10+ 2.50|2||Fuzzy catkins are the first sign of spring and early food for bees.
7|Staghorn Sumac|Rhus typhina|3-8|12-18"|1-9 3.25; 10+ 2.50|2||Velvety branches and red fruit spikes; blazing orange in fall.
7|Black Chokeberry|Aronia melanocarpa|3-8|12-18"|1-9 3.75; 10+ 3.00|2||Compact shrub with white spring flowers and antioxidant-rich berries.
7|New Jersey Tea|Ceanothus americanus|4-8|6-10"|1+ 4.50|2||Low shrub with clouds of white flowers; fixes its own nitrogen.
7|Bush Honeysuckle|Diervilla lonicera|3-7|8-12"|1-9 3.75; 10+ 3.00|2||A native groundcover shrub for dry shade; not the invasive kind.
7|Meadowsweet|Spiraea alba|3-8|8-12"|1-9 3.50; 10+ 2.75|1||Wet-meadow shrub with white flower spikes in July.
7|Shrubby Cinquefoil|Dasiphora fruticosa|2-7|8-12"|1+ 4.00|2||Yellow flowers all summer on a tidy, tough little shrub.
7|Smooth Wild Rose|Rosa blanda|2-6|12-18"|1-9 3.75; 10+ 3.00|6||Nearly thornless pink rose with bright red hips.
1|American Plum|Prunus americana|3-8|12-18"|1-9 4.00; 10-99 3.25; 100+ 2.60|2||Thicket-forming plum with fragrant white flowers and tart red fruit.
1|Pin Cherry|Prunus pensylvanica|2-5|12-18"|1-9 3.25; 10+ 2.50|2||Quick-growing cherry with small red fruit for birds.
1|Chokecherry|Prunus virginiana|2-7|12-18"|1-9 3.25; 10+ 2.50|2||Clusters of dark fruit that make a fine jelly.
1|Pawpaw|Asimina triloba|5-8|8-12"|1-9 6.50; 10+ 5.50|7|D|Custard-like fruit tasting of banana and mango. Plant two for cross-pollination.
1|American Persimmon|Diospyros virginiana|4-9|8-12"|1-9 6.00; 10+ 5.00|2||Sweet orange fruit after the first frost.
1|Juneberry|Amelanchier arborea|4-9|12-18"|1-9 4.00; 10+ 3.25|2||Also called downy serviceberry: early white flowers and purple berries in June.
1|Elderberry|Sambucus canadensis|3-9|12-18"|1-9 3.75; 10-99 3.00; 100+ 2.40|2||Flat clusters of dark berries for syrup, jam and birds.
1|Highbush Blueberry|Vaccinium corymbosum|3-7|8-12"|1-9 5.00; 10+ 4.25|2||Wild blueberry for moist, acid soil.
1|Lowbush Blueberry|Vaccinium angustifolium|2-6|4-6"|1-9 4.50; 10+ 3.75|3||The sweet little wild blueberry of sandy barrens.
1|Wild Strawberry|Fragaria virginiana|3-9|plug|1-9 2.50; 10-49 2.00; 50+ 1.60|2||Spreading groundcover with tiny, intensely sweet berries.
1|American Cranberry|Vaccinium macrocarpon|2-7|plug|1-9 3.00; 10+ 2.50|7||Trailing evergreen with tart red berries for bog gardens.
1|Beach Plum|Prunus maritima|3-7|12-18"|1-9 4.50; 10+ 3.75|2||Salt-tolerant plum with purple fruit for jam.
1|Black Raspberry|Rubus occidentalis|3-8|bare root cane|1-9 3.50; 10+ 2.75|2||Wild black cap raspberry; fruits on second-year canes.
1|Sweet Crabapple|Malus coronaria|4-8|12-18"|1-9 4.00; 10+ 3.25|2||Very fragrant pink blossoms; the fruit feeds birds through winter.
1|Downy Hawthorn|Crataegus mollis|3-6|12-18"|1+ 3.75|1||Thorny small tree with red haws; nesting cover for songbirds.
4|Wild Bergamot Seeds|Monarda fistulosa|3-9|1 g packet|1-9 3.50; 10+ 3.00|2|D|Lavender pompom flowers buzzing with bees; about 2,500 seeds per packet.
4|Butterfly Milkweed Seeds|Asclepias tuberosa|3-9|50 seeds|1-9 3.75; 10+ 3.25|2||Bright orange milkweed for dry soil; a monarch host plant.
4|Common Milkweed Seeds|Asclepias syriaca|3-9|100 seeds|1-9 3.25; 10+ 2.75|2||The classic monarch host. Cold-stratify over winter for best germination.
4|Swamp Milkweed Seeds|Asclepias incarnata|3-8|100 seeds|1-9 3.50; 10+ 3.00|2||Pink, vanilla-scented milkweed for wet spots.
4|Purple Coneflower Seeds|Echinacea purpurea|3-8|1 g packet|1-9 3.25; 10+ 2.75|2||Long-blooming prairie flower; goldfinches eat the seed heads.
4|Black-eyed Susan Seeds|Rudbeckia hirta|3-9|1 g packet|1-9 3.00; 10+ 2.50|2||Cheerful yellow daisies that bloom the first summer.
4|New England Aster Seeds|Symphyotrichum novae-angliae|3-8|0.5 g packet|1-9 3.25; 10+ 2.75|2||Purple fall asters, an important late nectar source for migrating monarchs.
4|Wild Lupine Seeds|Lupinus perennis|3-8|30 seeds|1+ 4.00|3||Blue spikes in May on sandy soil; host of the Karner blue butterfly.
4|Little Bluestem Seeds|Schizachyrium scoparium|3-9|2 g packet|1-9 3.50; 10+ 3.00|2||A short prairie grass that turns copper-red in fall.
4|Big Bluestem Seeds|Andropogon gerardii|3-9|2 g packet|1-9 3.50; 10+ 3.00|2||Tall prairie grass, the 'turkey foot' of the tallgrass prairie.
4|Joe-Pye Weed Seeds|Eutrochium maculatum|3-8|0.5 g packet|1+ 3.50|2||Tall mauve flower heads for wet meadows and rain gardens.
4|Foxglove Beardtongue Seeds|Penstemon digitalis|3-8|0.5 g packet|1+ 3.25|2||White tubular flowers in June, visited by bumblebees.
4|Blue Vervain Seeds|Verbena hastata|3-8|1 g packet|1+ 3.00|2||Slender purple candelabras for moist ground.
4|Pollinator Meadow Mix|mixed native wildflowers|3-8|1 oz|1-4 14.00; 5+ 12.00|2||Twenty native wildflowers and grasses; one ounce sows about 500 square feet.
4|Canada Wild Rye Seeds|Elymus canadensis|3-8|5 g packet|1+ 3.00|1||A quick native nurse grass for new meadow plantings.
8|Red Oak Acorns|Quercus rubra|3-8|dozen|1-9 4.00; 10+ 3.25|2||A dozen fall-collected acorns, kept cold and moist, ready to plant.
8|Black Walnut Nuts|Juglans nigra|4-9|dozen|1-9 4.00; 10+ 3.25|2||A dozen hulled walnuts for direct seeding in fall.
8|Sugar Maple Seed|Acer saccharum|3-8|1 oz|1+ 5.00|2||Stratified samaras for spring sowing.
8|White Pine Seed|Pinus strobus|3-8|1/4 oz|1+ 6.00|2||Cleaned seed from local cones; about 400 seeds.
8|Pawpaw Seed|Asimina triloba|5-8|10 seeds|1+ 5.50|3||Fresh, never-dried seed; must stay moist until sown.
8|Shagbark Hickory Nuts|Carya ovata|4-8|dozen|1+ 4.50|2||Sow in fall where the tree is to grow; hickories hate transplanting.
8|American Hazelnut Seed|Corylus americana|4-9|25 nuts|1+ 4.50|2||Fall-sown nuts for a wildlife hedgerow.
8|Kentucky Coffeetree Seed|Gymnocladus dioicus|3-8|10 seeds|1+ 4.00|1||Hard seed; nick the coat and soak before sowing.
6|Tree Tube 2 ft|| |2 ft x 3"|1-9 3.25; 10-49 2.75; 50+ 2.30|2||Vented tube that shelters a seedling from deer and rabbits and speeds early growth.
6|Tree Tube 3 ft|| |3 ft x 3"|1-9 3.75; 10-49 3.25; 50+ 2.75|2||Vented tube for oaks, maples and fruit trees; includes a zip tie.
6|Tree Tube 4 ft|| |4 ft x 4"|1-9 4.50; 10-49 3.90; 50+ 3.30|2|D|Our most popular tube: tall enough to keep browsing deer off the leader.
6|Tree Tube 5 ft|| |5 ft x 4"|1-9 5.25; 10-49 4.60; 50+ 3.95|2||For heavy deer pressure; pair with a 6 ft stake.
6|Bamboo Stake 4 ft|| |4 ft|1-9 0.90; 10-99 0.70; 100+ 0.55|2||Stake for 2 and 3 ft tubes.
6|Oak Stake 5 ft|| |5 ft x 1"|1-9 1.75; 10+ 1.40|2||Rough-sawn oak stake for 4 and 5 ft tubes.
6|Tube Net Caps|| |pack of 10|1+ 3.50|2||Mesh caps that keep birds from getting trapped inside a tube.
6|Tree Tube 6 ft|| |6 ft x 4"|1+ 6.50|4||Discontinued; use a 5 ft tube on a 6 ft stake instead.
5|Root Dip Gel|| |4 oz|1+ 6.50|2||Water-holding gel to keep bare roots moist from the car to the hole.
5|Mycorrhizal Inoculant|| |8 oz|1+ 12.00|2||Beneficial fungi to help seedlings root in poor or disturbed soil.
5|Planting Bar|| |40"|1+ 42.00|2||The forester's dibble: a steel bar for planting hundreds of seedlings a day.
5|Weed Mat 3 ft|| |3 ft square|1-9 1.75; 10+ 1.35|2||Biodegradable mat that keeps grass off a new seedling.
5|Deer Repellent|| |32 oz spray|1+ 16.00|6||Egg-based spray repellent; reapply after heavy rain.
5|Gift Certificate|| |$25|1+ 25.00|2||A nursery gift certificate, good for any season.
5|Tree Planting Guide|| |booklet|1+ 4.00|1||Our 24-page guide to planting and caring for bare root stock.
5|Flagging Tape|| |150 ft roll|1+ 2.50|2||Bright tape to mark seedlings before mowing.
9|Red Oak Liner|Quercus rubra|3-8|3-4 ft|1-9 18.00; 10+ 15.00|2||Bare root liner with a well-branched root system.
9|Sugar Maple Liner|Acer saccharum|3-8|4-5 ft|1-9 22.00; 10+ 18.50|2||A larger maple for instant presence in the yard.
9|Bur Oak Liner|Quercus macrocarpa|3-8|3-4 ft|1-9 19.00; 10+ 16.00|7||Sturdy liner for a shade tree that will outlive the house.
9|Red Maple Liner|Acer rubrum|3-9|4-5 ft|1-9 20.00; 10+ 17.00|2||Well-branched liner for early color.
9|Tulip Tree Liner|Liriodendron tulipifera|4-9|3-4 ft|1+ 19.00|2||Straight single leader; fast once established.
9|Serviceberry Liner|Amelanchier laevis|4-8|3-4 ft|1+ 21.00|2||Multi-stem liner that flowers within a year or two.
9|Eastern Redbud Liner|Cercis canadensis|4-9|3-4 ft|1-9 21.00; 10+ 18.00|2|D|Rosy-pink flowers on bare branches in early spring.
9|White Pine Liner|Pinus strobus|3-8|2-3 ft|1-9 16.00; 10+ 13.50|2||Transplanted four times for a dense, compact root ball.
9|White Spruce Liner|Picea glauca|2-6|2-3 ft|1-9 16.00; 10+ 13.50|3||Bushy spruce liner for a quick screen.
9|Eastern Hemlock Liner|Tsuga canadensis|3-7|2-3 ft|1+ 24.00|6||Nursery-grown hemlock liner, limited numbers each year.
9|Paper Birch Liner|Betula papyrifera|2-7|4-5 ft|1+ 20.00|2||White bark starts showing in the second or third year.
10|White Spruce B&B|Picea glauca|2-6|4-5 ft|1+ 95.00|5||Field-dug and burlapped on order; allow two weeks.
10|Eastern White Cedar B&B|Thuja occidentalis|2-7|3-4 ft|1-4 65.00; 5+ 58.00|2||Dense cedar for an instant hedge.
10|Sugar Maple 5 gal|Acer saccharum|3-8|5-6 ft|1+ 85.00|2||Container-grown maple that can be planted all season.
10|Red Oak 3 gal|Quercus rubra|3-8|3-4 ft|1+ 45.00|7||Potted oak, easy to plant any time the ground is open.
10|Serviceberry 2 gal|Amelanchier laevis|4-8|2-3 ft|1+ 38.00|2||Potted multi-stem serviceberry.
10|Eastern Redbud 5 gal|Cercis canadensis|4-9|5-6 ft|1+ 89.00|6||Container redbud already flowering size.
10|Highbush Blueberry 2 gal|Vaccinium corymbosum|3-7|18-24"|1-4 28.00; 5+ 24.00|2||Potted blueberries, two years from fruiting.
10|Witch Hazel 3 gal|Hamamelis virginiana|3-8|2-3 ft|1+ 42.00|5||Potted on request from our field stock.
10|River Birch Clump 7 gal|Betula nigra|4-9|6-8 ft|1+ 145.00|5||Three-stem clump for a specimen planting.
11|Wildlife Packet|mixed natives|3-7|25 seedlings|1-9 39.00; 10+ 34.00|2|D|Twenty-five seedlings chosen for food and cover: oaks, cherries, dogwoods and conifers.
11|Windbreak Bundle|mixed conifers|3-6|50 seedlings|1-4 79.00; 5+ 70.00|2||Fifty white pine, white spruce and white cedar for a three-row windbreak.
11|Pollinator Shrub Pack|mixed shrubs|3-8|10 shrubs|1+ 32.00|2||Ten flowering shrubs for bees and butterflies.
11|Fruit for Wildlife Pack|mixed fruiting shrubs|3-8|15 plants|1+ 45.00|7||Elderberry, chokecherry, plum and serviceberry.
11|Classroom Pack|mixed natives|3-7|30 seedlings|1-9 30.00; 10+ 25.00|2||Thirty seedlings in a bag, one for every student, with planting cards.
11|Rain Garden Kit|mixed wet-site shrubs|3-8|12 plants|1+ 48.00|6||Buttonbush, silky dogwood, winterberry and swamp milkweed for a 100 sq ft rain garden.
12|Sweetfern|Comptonia peregrina|2-6|6-10"|1-9 4.50; 10+ 3.75|2||Fragrant, fern-like shrub for dry, sandy banks.
12|American Bladdernut|Staphylea trifolia|4-8|12-18"|1+ 4.75|7||Odd papery seed pods that rattle in the wind.
12|Eastern Wahoo|Euonymus atropurpureus|3-7|12-18"|1+ 4.75|7||The native euonymus, with pink fruit and red fall color.
12|Hop Tree|Ptelea trifoliata|4-9|12-18"|1+ 4.50|2||Small tree with wafer-like seeds; host of the giant swallowtail.
12|Ohio Buckeye|Aesculus glabra|3-7|8-12"|1-9 5.00; 10+ 4.25|2||Early leaves, yellow-green flowers and shiny buckeyes.
12|Eastern Redbud|Cercis canadensis|4-9|12-18"|1-9 4.25; 10+ 3.50|2||Pink spring flowers on bare branches, now as an affordable seedling.
13|Eastern Bluebird House|| |cedar|1-4 28.00; 5+ 24.00|2|D|Rough cedar box with a 1.5" hole, built to the bluebird society's plans.
13|House Wren House|| |cedar|1+ 18.00|2||A small cedar box with a 1.125" hole that keeps out sparrows.
13|Chickadee House|| |cedar|1+ 20.00|2||A deep box with a 1.125" hole for chickadees and nuthatches.
13|Bat House|| |2-chamber|1+ 55.00|2||Two-chamber cedar bat house; mount 12 ft up on a building or pole.
13|Mason Bee House|| |cedar|1+ 24.00|6||Nesting tubes for native mason bees, the best early fruit pollinators.
13|Habitat Yard Sign|| |12x12"|1+ 15.00|2||'Native Plants Grow Here' aluminum yard sign.
13|Cedar Rain Barrel|| |55 gal|1+ 145.00|1||Built to order; out of the catalogue for now.
`;

export const FIRST_NAMES = [
  'Mary',
  'Linda',
  'Karen',
  'Susan',
  'Nancy',
  'Lisa',
  'Ellen',
  'Joan',
  'Carol',
  'Ruth',
  'Anne',
  'Diane',
  'Julie',
  'Megan',
  'Sarah',
  'Emily',
  'Hannah',
  'Grace',
  'Olivia',
  'Claire',
  'John',
  'Robert',
  'Michael',
  'David',
  'James',
  'William',
  'Richard',
  'Thomas',
  'Mark',
  'Paul',
  'Steven',
  'Kevin',
  'Brian',
  'Gary',
  'Dennis',
  'Jeff',
  'Scott',
  'Eric',
  'Dan',
  'Tom',
  'Ben',
  'Luke',
  'Ethan',
  'Noah',
  'Sam',
  'Pete',
  'Walt',
  'Henry',
  'Ray',
  'Frank',
];

export const LAST_NAMES = [
  'Anderson',
  'Becker',
  'Carlson',
  'Dahl',
  'Erickson',
  'Fischer',
  'Gustafson',
  'Hanson',
  'Iverson',
  'Jensen',
  'Klein',
  'Larson',
  'Meyer',
  'Nelson',
  'Olson',
  'Peterson',
  'Quist',
  'Rasmussen',
  'Schmidt',
  'Thompson',
  'Ulrich',
  'Vogel',
  'Wagner',
  'Yoder',
  'Zimmerman',
  'Baker',
  'Miller',
  'Hoffman',
  'Kowalski',
  'Novak',
  'Brooks',
  'Murphy',
  "O'Brien",
  'Sullivan',
  'Walsh',
  'Hughes',
  'Bennett',
  'Foster',
  'Garcia',
  'Lopez',
];

export const EMAIL_DOMAINS = [
  'example.com',
  'example.net',
  'example.org',
  'mail.example.com',
  'farm.example',
];

export const ORDER_COMMENTS = [
  'Will pick up Saturday morning.',
  'Please call when the order is ready.',
  'Planting a windbreak on the north side of the farm.',
  'For our school Arbor Day planting.',
  'Can my neighbor pick this up for me?',
  'Same as last year, thank you!',
  'Planting along the creek, so wet-site trees please.',
  'We are restoring an old pasture.',
  'Could you hold these until the second week of pick-up?',
  'For a 4-H project.',
  'Thanks for the great seedlings last spring, nearly all of them made it.',
  'Please keep the roots extra moist, we drive two hours home.',
];

export const SAVED_MESSAGES: readonly { name: string; messageHtml: string }[] = [
  {
    name: 'Spring pick-up',
    messageHtml:
      '<strong>Spring pick-up</strong> is the first week of April. We will e-mail you when your order is ready.',
  },
  {
    name: 'Orders closed',
    messageHtml:
      '<strong>Online ordering is closed</strong> for the season. Thank you to everyone who planted with us!',
  },
  {
    name: 'Fall sale',
    messageHtml:
      '<em>Fall sale:</em> potted trees and shrubs are <strong>20% off</strong> at the nursery through October.',
  },
  {
    name: 'Catalogue ready',
    messageHtml:
      'The new catalogue is here. <a href="/Products">Browse the trees and shrubs</a> and order early for the best choice.',
  },
];

export const DEMO_MESSAGE = SAVED_MESSAGES[0]!.messageHtml;

export const CONTACT_MESSAGES: readonly { subject: string; comments: string }[] = [
  {
    subject: 'Deer',
    comments: 'Which of your shrubs hold up best to deer? They ate everything we planted last year.',
  },
  {
    subject: 'Pick-up dates',
    comments: 'When is spring pick-up this year? I am away the first week of April.',
  },
  {
    subject: 'Wet soil',
    comments: 'We have a low spot that floods every spring. What trees would you suggest?',
  },
  {
    subject: 'Large order',
    comments: 'Our lake association would like about 800 seedlings. Do you offer a discount?',
  },
  { subject: 'Pawpaw', comments: 'Will you have pawpaw again this year? I missed them last season.' },
  { subject: 'Shipping', comments: 'Do you ship seedlings, or is it pick-up only?' },
  {
    subject: 'Thank you',
    comments: 'Just wanted to say the white pines we bought three years ago are now over my head!',
  },
  { subject: 'Order change', comments: 'Could I add ten more red osier dogwood to my order?' },
  {
    subject: 'Tree tubes',
    comments: 'Do the 4 ft tubes come with stakes, or do I need to order those separately?',
  },
  { subject: 'Seeds', comments: 'How should I store the milkweed seed until I plant it?' },
  { subject: 'School visit', comments: 'Would you be willing to talk to our third grade class about trees?' },
  { subject: 'Sold out', comments: 'Any chance the lowbush blueberries come back in stock this spring?' },
  { subject: 'Oak wilt', comments: 'Is it safe to plant red oak near trees that had oak wilt?' },
  { subject: 'Planting time', comments: 'Is it too late to plant bare root trees in mid May?' },
  { subject: 'Windbreak', comments: 'How far apart should I space a three-row windbreak?' },
  { subject: 'Gift', comments: 'Can I buy a gift certificate over the phone for my dad?' },
  { subject: 'Elderberry', comments: 'Do I need two elderberries for fruit?' },
  {
    subject: 'Volunteer',
    comments: 'Do you ever need help at pick-up weekend? I would be happy to volunteer.',
  },
  { subject: 'Bluebirds', comments: 'Where is the best place to mount the bluebird house?' },
];

export const SPAM_MESSAGES: readonly { name: string; email: string; subject: string; comments: string }[] = [
  {
    name: 'SEO Expert',
    email: 'rank@seo.example',
    subject: 'Page one of Google',
    comments: 'We can put your website on page one of Google! Visit http://seo.example/offer now.',
  },
  {
    name: 'Crypto Bonus',
    email: 'bonus@coins.example',
    subject: 'You won',
    comments: 'Claim your bonus today http://coins.example/claim http://coins.example/win',
  },
  {
    name: 'Web Design',
    email: 'design@sites.example',
    subject: 'Website redesign',
    comments: 'Your website looks outdated. We build modern websites for only $99.',
  },
  {
    name: 'asdfgh',
    email: 'qwerty@mail.example',
    subject: 'asdf',
    comments: 'asdfghjkl',
  },
  {
    name: 'Cheap Pills',
    email: 'sales@pharma.example',
    subject: 'Best prices',
    comments: 'Best prices online, no prescription http://pharma.example',
  },
  {
    name: 'Lead Generation',
    email: 'leads@b2b.example',
    subject: 'More customers',
    comments: 'Would you like 500 new leads this week? Reply YES.',
  },
];
